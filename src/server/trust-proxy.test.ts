import { describe, expect, it } from 'vitest'
import { fastifyTrustProxy } from './trust-proxy.js'

type Trust = (address: string, hop: number) => boolean

describe('fastifyTrustProxy behind the cache thread (decision 163)', () => {
  it('trusts the thread and nothing more when TRUST_PROXY is off', () => {
    const trust = fastifyTrustProxy(false, true) as Trust
    expect([0, 1].map((hop) => trust('127.0.0.1', hop))).toEqual([true, false])
  })

  it('trusts one hop more than TRUST_PROXY counts', () => {
    const trust = fastifyTrustProxy(1, true) as Trust
    expect([0, 1, 2].map((hop) => trust('10.0.0.2', hop))).toEqual([true, true, false])
    expect((fastifyTrustProxy(1) as Trust)('10.0.0.2', 1)).toBe(false)
  })

  it('adds the thread’s address to a list of proxies', () => {
    expect(fastifyTrustProxy(['10.0.0.0/8'], true)).toEqual(['10.0.0.0/8', '127.0.0.1'])
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8'])
  })
})
