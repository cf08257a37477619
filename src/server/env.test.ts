import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.js'

describe('parseEnv', () => {
  it('fills the documented defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ PORT: 3000, SEED_DEMO: true, UPLOAD_MAX_FILE_MB: 15 })
    expect(env.DATA_DIR.endsWith('/data')).toBe(true)
  })
  it('names a bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ ADMIN_PASSWORD: 'long enough password' })).toThrow(/ADMIN_USERNAME/)
  })
  it('reads SEED_DEMO=false', () => {
    expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  })
})
