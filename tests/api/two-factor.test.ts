import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admins } from '../../src/server/db/schema.js'
import { ADMIN, startTestServer, type TestServer } from '../support/test-server.js'

// Two-factor sign-in over HTTP, with codes computed here as an authenticator app would.

let server: TestServer
beforeAll(async () => {
  // Sign-in throttling is tested on its own; here it would only get in the way of many sign-ins.
  server = await startTestServer({ limits: { loginPerIpPerMinute: 1000, loginThrottle: { freeFailures: 1000 } } })
})
afterAll(() => server.close())

/** The code an app shows for `secret` at `at` (ms); 30 s steps. */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })
/** A code of a step no code has been accepted for yet (the next one; the window allows it). */
const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000)

let secret: string
let recoveryCodes: string[]

async function passwordStep() {
  const res = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
  expect(res.status).toBe(202)
  return res.body.challenge as string
}
const codeStep = (challenge: string, code: string) =>
  server.call('POST', '/api/admin/verify-login-code', { json: { challenge, code }, token: null })

describe('two-factor sign-in', () => {
  it('sets up with a QR code and a typed secret, kept encrypted', async () => {
    await server.login()
    const setup = await server.call('POST', '/api/admin/setup-two-factor')
    expect(setup.status).toBe(200)
    secret = setup.body.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Costa%20del%20Sol%20Villas:admin\?/)
    expect(setup.body.uri).toContain(`secret=${secret}`)
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
    const [row] = await server.database.db.select().from(admins).where(eq(admins.username, 'admin'))
    expect(row!.totpPendingSecret).toBeTruthy()
    expect(row!.totpPendingSecret).not.toContain(secret)
    // Not on until a first code confirms it.
    expect((await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })).status).toBe(200)
  })

  it('turns on only with a right code and the password, and answers ten recovery codes once', async () => {
    const other = (await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })).body.token
    const wrongCode = await server.call('POST', '/api/admin/enable-two-factor', {
      json: { code: codeAt(secret, Date.now() - 5 * 60_000), password: ADMIN.password },
    })
    expect(wrongCode.status).toBe(400)
    expect(wrongCode.body.field).toBe('code')
    const wrongPassword = await server.call('POST', '/api/admin/enable-two-factor', {
      json: { code: codeAt(secret, Date.now()), password: 'not my password' },
    })
    expect(wrongPassword).toMatchObject({ status: 400, body: { field: 'password' } })

    const enabled = await server.call('POST', '/api/admin/enable-two-factor', {
      json: { code: codeAt(secret, Date.now()), password: ADMIN.password },
    })
    expect(enabled.status).toBe(200)
    recoveryCodes = enabled.body.recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/)
    // Sessions begun without the second factor end; this one stays.
    expect((await server.call('GET', '/api/admin/get-reviews', { token: other })).status).toBe(401)
    const account = await server.call('GET', '/api/admin/get-account')
    expect(account.body.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    const [row] = await server.database.db.select().from(admins).where(eq(admins.username, 'admin'))
    expect(row!.totpSecret).not.toContain(secret)
  })

  it('asks for a code after the password, and signs in with it', async () => {
    const password = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
    expect(password.status).toBe(202)
    expect(password.body.token).toBeUndefined()
    expect(password.body.message).toBe('Enter the code from your authenticator app')
    const res = await codeStep(password.body.challenge, nextCode(secret))
    expect(res.status).toBe(200)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: res.body.token })).status).toBe(200)
  })

  it('refuses a code used before, and a stale code', async () => {
    const used = nextCode(secret) // accepted in the test above
    const reused = await codeStep(await passwordStep(), used)
    expect(reused).toMatchObject({ status: 401, body: { message: 'That code is not right' } })
    const stale = await codeStep(await passwordStep(), codeAt(secret, Date.now() - 90_000))
    expect(stale.status).toBe(401)
    expect((await codeStep(await passwordStep(), 'abc')).status).toBe(400)
  })

  it('takes each recovery code once', async () => {
    const first = await codeStep(await passwordStep(), recoveryCodes[0]!.toLowerCase())
    expect(first.status).toBe(200)
    const again = await codeStep(await passwordStep(), recoveryCodes[0]!)
    expect(again.status).toBe(401)
    const account = await server.call('GET', '/api/admin/get-account', { token: first.body.token })
    expect(account.body.twoFactor.recoveryCodesLeft).toBe(9)
  })

  it('asks for the password again after a few wrong codes', async () => {
    const challenge = await passwordStep()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await codeStep(challenge, String(100000 + i)))
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401])
    expect(answers[4]!.body.message).toMatch(/Enter your password again/)
    const after = await codeStep(challenge, recoveryCodes[1]!)
    expect(after.body.message).toMatch(/expired/)
    expect((await codeStep('made-up-challenge', recoveryCodes[1]!)).status).toBe(401)
  })

  it('makes new recovery codes on request; the old ones stop working', async () => {
    const token = (await codeStep(await passwordStep(), recoveryCodes[2]!)).body.token
    const fresh = await server.call('POST', '/api/admin/new-recovery-codes', {
      token,
      json: { password: ADMIN.password },
    })
    expect(fresh.status).toBe(200)
    expect(fresh.body.recoveryCodes).toHaveLength(10)
    expect((await codeStep(await passwordStep(), recoveryCodes[3]!)).status).toBe(401)
    expect((await codeStep(await passwordStep(), fresh.body.recoveryCodes[0])).status).toBe(200)
    recoveryCodes = fresh.body.recoveryCodes
  })

  it('turns off with the password; then the password alone signs in', async () => {
    const token = (await codeStep(await passwordStep(), recoveryCodes[1]!)).body.token
    const refused = await server.call('POST', '/api/admin/disable-two-factor', {
      token,
      json: { password: 'wrong password here' },
    })
    expect(refused.status).toBe(400)
    const off = await server.call('POST', '/api/admin/disable-two-factor', {
      token,
      json: { password: ADMIN.password },
    })
    expect(off.status).toBe(200)
    const login = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
    expect(login.status).toBe(200)
    expect(login.body.token).toBeTruthy()
  })
})
