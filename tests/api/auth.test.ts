import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ limits: { loginPerIpPerMinute: 1000 } })
})
afterAll(() => server.close())

describe('login', () => {
  it('answers a token for the right password', async () => {
    const res = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
    expect(res.status).toBe(200)
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
  })

  it('answers an unknown user and a wrong password identically', async () => {
    const wrong = await server.call('POST', '/api/admin/login', {
      json: { username: 'admin', password: 'nope' },
      token: null,
    })
    const unknown = await server.call('POST', '/api/admin/login', {
      json: { username: 'ghost', password: 'nope' },
      token: null,
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.message).toBeTruthy()
    // A success resets the counter for admin, so the lock test below starts clean.
    await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
  })

  it('names the missing field', async () => {
    const res = await server.call('POST', '/api/admin/login', { json: { username: 'admin' }, token: null })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: 'Password is required', field: 'password' })
  })
})

describe('tokens', () => {
  it('refuses admin calls without a token, with a bad token, and with a cookie', async () => {
    expect((await server.call('GET', '/api/admin/get-reviews', { token: null })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: 'made-up' })).status).toBe(401)
    const token = await server.login()
    const cookie = await fetch(`${server.url}/api/admin/get-reviews`, { headers: { cookie: `token=${token}` } })
    expect(cookie.status).toBe(401)
    expect(await cookie.json()).toEqual({ message: 'Please sign in' })
  })

  it('marks every admin answer no-store, and only public content cacheable', async () => {
    const login = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
    expect(login.headers.get('cache-control')).toBe('no-store')
    const refused = await server.call('POST', '/api/admin/login', { json: { ...ADMIN, password: 'x' }, token: null })
    expect(refused.headers.get('cache-control')).toBe('no-store')
    for (const path of ['/api/admin/get-reviews', '/api/admin/get-account', '/api/admin/nope']) {
      const res = await server.call('GET', path, { token: null })
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    const csv = await server.call('GET', '/api/admin/enquiries.csv', { token: login.body.token })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('cache-control')).toBe('no-store')
    // What the public site reads may be kept by a CDN for a minute (nothing private in it).
    for (const path of ['/api/admin/get-languages', '/api/admin/get-projects', '/api/admin/get-reviews/en']) {
      const res = await server.call('GET', path, { token: null })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=60, stale-while-revalidate=600')
    }
  })

  it('marks authenticated answers no-store and sets security headers', async () => {
    const token = await server.login()
    const res = await server.call('GET', '/api/admin/get-reviews', { token })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('dies at logout', async () => {
    const token = await server.login()
    expect((await server.call('POST', '/api/admin/logout', { token })).status).toBe(200)
    expect((await server.call('GET', '/api/admin/get-reviews', { token })).status).toBe(401)
  })

  it('ends other sessions at a password change, and needs the current password', async () => {
    const other = await server.login()
    const mine = await server.login()
    const refused = await server.call('POST', '/api/admin/change-password', {
      token: mine,
      json: { currentPassword: 'wrong', newPassword: 'a brand new password' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.field).toBe('currentPassword')

    const changed = await server.call('POST', '/api/admin/change-password', {
      token: mine,
      json: { currentPassword: ADMIN.password, newPassword: 'a brand new password' },
    })
    expect(changed.status).toBe(200)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: other })).status).toBe(401)
    expect((await server.call('GET', '/api/admin/get-reviews', { token: mine })).status).toBe(200)
    const old = await server.call('POST', '/api/admin/login', { json: ADMIN, token: null })
    expect(old.status).toBe(401)
    const fresh = await server.call('POST', '/api/admin/login', {
      json: { username: 'admin', password: 'a brand new password' },
      token: null,
    })
    expect(fresh.status).toBe(200)
  })
})
