import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSessions, admins } from '../../src/server/db/schema.js'
import { ensureAdmin } from '../../src/server/services/admin-accounts.js'
import { hashToken } from '../../src/server/services/auth.js'
import { sweepExpiredSessions } from '../../src/server/services/sessions.js'
import { ADMIN, startTestServer, type TestServer } from '../support/test-server.js'

// The Account screen's calls: sessions, password rules, a generated password's first change,
// and what ADMIN_PASSWORD does at start.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'
const silent = pino({ level: 'silent' })

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ limits: { loginPerIpPerMinute: 1000, loginThrottle: { freeFailures: 1000 } } })
})
afterAll(() => server.close())

const signIn = async (from = '127.0.0.1', userAgent = FIREFOX) =>
  (
    await server.call('POST', '/api/admin/login', {
      json: ADMIN,
      token: null,
      from,
      headers: { 'user-agent': userAgent },
    })
  ).body.token as string

describe('sessions', () => {
  it('lists the live sessions with start, last use, address and browser', async () => {
    const mine = await signIn()
    await signIn('127.0.0.44', 'curl/8.5.0')
    const res = await server.call('GET', '/api/admin/get-sessions', { token: mine })
    expect(res.status).toBe(200)
    const current = res.body.find((s: { current: boolean }) => s.current)
    expect(current).toMatchObject({ ip: '127.0.0.1', browser: 'Firefox on Linux', userAgent: FIREFOX })
    expect(Date.parse(current.createdAt)).toBeLessThanOrEqual(Date.parse(current.lastSeenAt))
    expect(res.body.find((s: { ip: string }) => s.ip === '127.0.0.44')).toMatchObject({
      browser: 'curl',
      current: false,
    })
  })

  it('ends one session, then all others, keeping this one', async () => {
    const mine = await signIn()
    const other = await signIn('127.0.0.45')
    const third = await signIn('127.0.0.46')
    const list = (await server.call('GET', '/api/admin/get-sessions', { token: mine })).body
    const otherId = list.find((s: { ip: string }) => s.ip === '127.0.0.45')._id
    expect((await server.call('DELETE', `/api/admin/delete-session/${otherId}`, { token: mine })).status).toBe(200)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: other })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: third })).status).toBe(200)
    const missing = await server.call('DELETE', `/api/admin/delete-session/${otherId}`, { token: mine })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Session not found' } })

    const ended = await server.call('POST', '/api/admin/end-other-sessions', { token: mine })
    expect(ended.status).toBe(200)
    expect(ended.body.ended).toBeGreaterThanOrEqual(1)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: third })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: mine })).status).toBe(200)
    const left = (await server.call('GET', '/api/admin/get-sessions', { token: mine })).body
    expect(left).toHaveLength(1)
  })

  it('sweeps expired sessions', async () => {
    const [admin] = await server.database.db.select().from(admins).where(eq(admins.username, 'admin'))
    const old = new Date(Date.now() - 13 * 60 * 60 * 1000)
    const id = randomUUID()
    await server.database.db
      .insert(adminSessions)
      .values({ id, adminId: admin!.id, tokenHash: hashToken('old'), createdAt: old, lastSeenAt: old })
    expect(await sweepExpiredSessions(server.database.db)).toBeGreaterThanOrEqual(1)
    expect(await server.database.db.select().from(adminSessions).where(eq(adminSessions.id, id))).toEqual([])
  })
})

describe('password rules', () => {
  const change = (newPassword: string) =>
    server.call('POST', '/api/admin/change-password', { json: { currentPassword: ADMIN.password, newPassword } })

  it.each([
    ['123456789012', /common password/],
    ['aaaaaaaaaaaa', /repeats/],
    ['qwertyuiopasdf', /common password|keyboard|row of keys/],
    ['short pass', /at least 12 characters/],
    ['my-Admin-password-77', /must not contain the user name/],
    ['Costa del Sol Villas 2026!', /must not contain the company name/],
    ['costadelsolvillas rocks', /must not contain the company name/],
    [ADMIN.password, /must differ from the current one/],
  ])('refuses %s', async (password, message) => {
    await server.login()
    const res = await change(password)
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('newPassword')
    expect(res.body.message).toMatch(message)
  })
})

describe('a generated password', () => {
  it('must be changed at the first sign-in before anything else works', async () => {
    const own = await startTestServer({ admin: null })
    try {
      const generated = await ensureAdmin(own.database.db, silent, {})
      expect(generated).toBeTruthy()
      const login = await own.call('POST', '/api/admin/login', {
        json: { username: 'admin', password: generated },
        token: null,
      })
      expect(login.status).toBe(200)
      expect(login.body).toMatchObject({ token: expect.any(String), mustChangePassword: true })
      const token = login.body.token
      const blocked = await own.call('GET', '/api/admin/get-reviews', { token })
      expect(blocked).toMatchObject({ status: 403, body: { message: 'Change your password first (Account)' } })
      const account = await own.call('GET', '/api/admin/get-account', { token })
      expect(account.body).toMatchObject({ username: 'admin', mustChangePassword: true })
      const changed = await own.call('POST', '/api/admin/change-password', {
        token,
        json: { currentPassword: generated, newPassword: 'terrace lemon granite wave' },
      })
      expect(changed.status).toBe(200)
      expect((await own.call('GET', '/api/admin/get-reviews', { token })).status).toBe(200)
      const again = await own.call('POST', '/api/admin/login', {
        json: { username: 'admin', password: 'terrace lemon granite wave' },
        token: null,
      })
      expect(again.body.mustChangePassword).toBeUndefined()
    } finally {
      await own.close()
    }
  })
})

describe('ADMIN_USERNAME and ADMIN_PASSWORD at start', () => {
  it('create the admin once; a changed password survives a restart unless ADMIN_PASSWORD_RESET', async () => {
    const { db } = server.database
    const configured = { username: 'owner', password: 'first configured passphrase' }
    await ensureAdmin(db, silent, configured)
    const login = (password: string) =>
      server.call('POST', '/api/admin/login', { json: { username: 'owner', password }, token: null })
    const token = (await login(configured.password)).body.token
    const changed = await server.call('POST', '/api/admin/change-password', {
      token,
      json: { currentPassword: configured.password, newPassword: 'sunlit patio cedar beams' },
    })
    expect(changed.status).toBe(200)
    await ensureAdmin(db, silent, configured) // a restart with the old value still set
    expect((await login(configured.password)).status).toBe(401)
    expect((await login('sunlit patio cedar beams')).status).toBe(200)

    await ensureAdmin(db, silent, { ...configured, reset: true })
    expect((await login(configured.password)).status).toBe(200)
    expect((await login('sunlit patio cedar beams')).status).toBe(401)
    expect((await server.call('GET', '/api/admin/get-reviews', { token })).status).toBe(401)
  })

  it('refuse a password that breaks the rules, naming the variable', async () => {
    await expect(
      ensureAdmin(server.database.db, silent, { username: 'weak', password: '123456789012' }),
    ).rejects.toThrow(/ADMIN_PASSWORD: ADMIN_PASSWORD is a common password/)
  })
})
