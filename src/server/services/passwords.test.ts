import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './passwords.js'

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse')
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct horsE', hash)).toBe(false)
  })
  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })
  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false)
  })
})
