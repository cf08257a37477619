import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startTestServer, type TestServer } from '../support/test-server.js'

// Guessing is stopped; the owner is not locked out (issue: five wrong passwords from anywhere
// used to lock `admin` for everyone). Clients are told apart by their address: the test sends
// from several loopback addresses, which the server sees as several clients.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    limits: {
      loginPerIpPerMinute: 1000,
      loginThrottle: { freeFailures: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, userMaxFailures: 100 },
      reauthFailuresBeforeSignOut: 3,
    },
  })
})
afterAll(() => server.close())

const WRONG = { username: 'admin', password: 'not the password at all' }
const loginFrom = (from: string, json: unknown = WRONG) =>
  server.call('POST', '/api/admin/login', { json, token: null, from })

describe('sign-in throttling', () => {
  it('slows one address down after a few failures, with Retry-After', async () => {
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await loginFrom('127.0.0.20')).status)
    // Three free failures, a fourth that starts a wait, then refusals.
    expect(statuses).toEqual([401, 401, 401, 401, 429])
    const refused = await loginFrom('127.0.0.20', ADMIN)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts. Try again in (1 minute|\d+ seconds)\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('checks at most the free attempts of a burst of parallel guesses', async () => {
    const attempts = await Promise.all(Array.from({ length: 12 }, () => loginFrom('127.0.0.21')))
    const statuses = attempts.map((a) => a.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(4)
    expect(statuses.filter((s) => s === 429)).toHaveLength(8)
  })

  it('lets the owner in from a clean address while others guess from many addresses', async () => {
    const own = await startTestServer({
      database: undefined,
      limits: { loginPerIpPerMinute: 1000, loginThrottle: { freeFailures: 3, userMaxFailures: 6 } },
    })
    try {
      const from = (address: string, json: unknown = WRONG) =>
        own.call('POST', '/api/admin/login', { json, token: null, from: address })
      // Six failures for admin, spread over three addresses: the per-name limit is reached.
      for (const address of ['127.0.0.22', '127.0.0.23', '127.0.0.24']) {
        for (let i = 0; i < 2; i++) expect((await from(address)).status).toBe(401)
      }
      // An address that has failed for admin may no longer try, even with the right password…
      expect((await from('127.0.0.22', ADMIN)).status).toBe(429)
      // …a new address gets one guess…
      expect((await from('127.0.0.25')).status).toBe(401)
      expect((await from('127.0.0.25')).status).toBe(429)
      // …and the owner, from an address with no failures, gets in.
      const owner = await from('127.0.0.26', ADMIN)
      expect(owner.status).toBe(200)
      expect(owner.body.token).toBeTruthy()
    } finally {
      await own.close()
    }
  })

  it('keeps other user names apart', async () => {
    expect((await loginFrom('127.0.0.20', { username: 'someone-else', password: 'guess guess' })).status).toBe(401)
  })
})

describe('guessing the current password inside a session', () => {
  const changeFrom = (from: string, token: string, currentPassword: string) =>
    server.call('POST', '/api/admin/change-password', {
      token,
      from,
      json: { currentPassword, newPassword: 'an entirely new passphrase' },
    })

  it('ends the session after a few wrong passwords in a row', async () => {
    const token = (await loginFrom('127.0.0.30', ADMIN)).body.token as string
    expect((await changeFrom('127.0.0.30', token, 'guess one')).status).toBe(400)
    expect((await changeFrom('127.0.0.30', token, 'guess two')).status).toBe(400)
    const third = await changeFrom('127.0.0.30', token, 'guess three')
    expect(third.status).toBe(401)
    expect(third.body.message).toMatch(/this session has ended/)
    expect((await server.call('GET', '/api/admin/get-reviews', { token })).status).toBe(401)
  })

  it('throttles a burst of parallel guesses and ends the session', async () => {
    const token = (await loginFrom('127.0.0.31', ADMIN)).body.token as string
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changeFrom('127.0.0.31', token, `guess number ${i}`)),
    )
    const checked = guesses.filter((g) => g.status === 400 || /session has ended/.test(g.body.message))
    // At most the free attempts plus one are checked at all; the rest are refused unchecked
    // (429 while the address waits, 401 once the session has ended).
    expect(checked.length).toBeGreaterThan(0)
    expect(checked.length).toBeLessThanOrEqual(4)
    const unchecked = guesses.filter((g) => !checked.includes(g))
    expect(unchecked.every((g) => g.status === 429 || g.body.message === 'Please sign in')).toBe(true)
    expect((await server.call('GET', '/api/admin/get-reviews', { token })).status).toBe(401)
    // The password did not change.
    expect((await loginFrom('127.0.0.32', ADMIN)).status).toBe(200)
  })

  it('counts those guesses as failed sign-ins from that address', async () => {
    const token = (await loginFrom('127.0.0.33', ADMIN)).body.token as string
    for (let i = 0; i < 2; i++) expect((await changeFrom('127.0.0.33', token, `wrong ${i}`)).status).toBe(400)
    await loginFrom('127.0.0.33') // a third failure, then a fourth…
    await loginFrom('127.0.0.33')
    expect((await loginFrom('127.0.0.33', ADMIN)).status).toBe(429)
  })
})
