import { describe, expect, it } from 'vitest'
import { createLoginThrottle } from './login-throttle.js'

describe('login throttle', () => {
  it('locks after the allowed failures, counting attempts still in flight', () => {
    const throttle = createLoginThrottle({ maxFailures: 2, lockMs: 60_000 })
    const first = throttle.begin('Admin')
    const second = throttle.begin('admin')
    expect(() => throttle.begin('ADMIN')).toThrow(/Too many failed sign-in attempts/)
    first(false)
    second(false)
    expect(() => throttle.begin('admin')).toThrow(/Try again in 1 minute/)
  })
  it('forgets failures after a success', () => {
    const throttle = createLoginThrottle({ maxFailures: 2, lockMs: 60_000 })
    throttle.begin('a')(false)
    throttle.begin('a')(true)
    throttle.begin('a')(false)
    expect(() => throttle.begin('a')).not.toThrow()
  })
  it('keeps usernames apart', () => {
    const throttle = createLoginThrottle({ maxFailures: 1, lockMs: 60_000 })
    throttle.begin('a')(false)
    expect(() => throttle.begin('b')).not.toThrow()
  })
})
