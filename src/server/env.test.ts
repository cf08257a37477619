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
  it('holds ADMIN_PASSWORD to the password rules', () => {
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: '123456789012' })).toThrow(
      /ADMIN_PASSWORD: is a common password/,
    )
    expect(() => parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin at the villa 2026' })).toThrow(
      /ADMIN_PASSWORD: must not contain the user name/,
    )
    expect(
      parseEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'olive grove stone terrace' }).ADMIN_PASSWORD_RESET,
    ).toBe(false)
    expect(parseEnv({ ADMIN_PASSWORD_RESET: 'true' }).ADMIN_PASSWORD_RESET).toBe(true)
  })
  it('reads SEED_DEMO=false', () => {
    expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
  })
})

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
  })
  it('takes a hop count, or a list of addresses, ranges and named ranges', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback'])
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ])
  })
  it.each(['true', '10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/1', '1.2.3'])('refuses %j, naming it', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
  })
})

describe('UPLOADS_DIR', () => {
  it('defaults to DATA_DIR/uploads and may point elsewhere', () => {
    expect(parseEnv({ DATA_DIR: '/srv/villas' }).UPLOADS_DIR).toBe('/srv/villas/uploads')
    expect(parseEnv({ DATA_DIR: '/srv/villas', UPLOADS_DIR: '/mnt/shared/uploads' }).UPLOADS_DIR).toBe(
      '/mnt/shared/uploads',
    )
  })
})

describe('leads settings', () => {
  it('leave retention, WhatsApp and the webhook off unless set', () => {
    const env = parseEnv({})
    expect(env.ENQUIRY_RETENTION_MONTHS).toBeUndefined()
    expect(env.WHATSAPP_NUMBER).toBeUndefined()
    expect(env.LEAD_WEBHOOK_URL).toBeUndefined()
    expect(parseEnv({ ENQUIRY_RETENTION_MONTHS: '0' }).ENQUIRY_RETENTION_MONTHS).toBe(0)
    expect(parseEnv({ ENQUIRY_RETENTION_MONTHS: '24' }).ENQUIRY_RETENTION_MONTHS).toBe(24)
  })
  it('keep the digits of a WhatsApp number as people write it', () => {
    expect(parseEnv({ WHATSAPP_NUMBER: '+34 600 11-22.33' }).WHATSAPP_NUMBER).toBe('34600112233')
    expect(parseEnv({ WHATSAPP_NUMBER: '(+34) 952000000' }).WHATSAPP_NUMBER).toBe('34952000000')
  })
  it.each([
    ['WHATSAPP_NUMBER', { WHATSAPP_NUMBER: '600' }],
    ['WHATSAPP_NUMBER', { WHATSAPP_NUMBER: 'call us' }],
    ['ENQUIRY_RETENTION_MONTHS', { ENQUIRY_RETENTION_MONTHS: '-1' }],
    ['ENQUIRY_RETENTION_MONTHS', { ENQUIRY_RETENTION_MONTHS: '1.5' }],
    ['LEAD_WEBHOOK_URL', { LEAD_WEBHOOK_URL: 'ftp://crm.test/x', LEAD_WEBHOOK_SECRET: 'a'.repeat(16) }],
    ['LEAD_WEBHOOK_SECRET', { LEAD_WEBHOOK_URL: 'https://crm.test/x', LEAD_WEBHOOK_SECRET: 'short' }],
  ])('refuse a bad %s', (name, source) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`))
  })
  it('need a secret with a webhook URL', () => {
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'https://crm.test/leads' })).toThrow(/LEAD_WEBHOOK_SECRET/)
  })
})
