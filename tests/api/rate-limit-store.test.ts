import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// The per-IP limits of @fastify/rate-limit count in the database: two servers on one database
// share the count, and a restart keeps it.

let database: Database
let dataDir: string
const servers: TestServer[] = []
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(path.join(tmpdir(), 'villa-rl-'))
})
afterAll(async () => {
  for (const server of servers) await server.close()
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

const start = async () => {
  const server = await startTestServer({
    database,
    dataDir,
    limits: { loginPerIpPerMinute: 3, sendEmailPerIpPer15Min: 2 },
  })
  servers.push(server)
  return server
}
const wrongLogin = (server: TestServer) =>
  server.call('POST', '/api/admin/login', {
    json: { username: 'nobody', password: 'x' },
    token: null,
    from: '127.0.0.50',
  })

describe('per-IP limits', () => {
  it('are shared by two servers on one database and survive a restart', async () => {
    const a = await start()
    const b = await start()
    expect((await wrongLogin(a)).status).toBe(401)
    expect((await wrongLogin(b)).status).toBe(401)
    expect((await wrongLogin(a)).status).toBe(401)
    const fourth = await wrongLogin(b)
    expect(fourth.status).toBe(429)
    expect(fourth.body.message).toMatch(/Rate limit exceeded, retry in/)
    expect(fourth.headers.get('x-ratelimit-limit')).toBe('3')
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0)

    await a.close()
    servers.splice(servers.indexOf(a), 1)
    const restarted = await start()
    expect((await wrongLogin(restarted)).status).toBe(429)
    // Another address, and another route, count on their own.
    const other = await restarted.call('POST', '/api/admin/login', {
      json: { username: 'nobody', password: 'x' },
      token: null,
      from: '127.0.0.51',
    })
    expect(other.status).toBe(401)
    const send = await restarted.call('POST', '/api/admin/send-email', { json: {}, token: null, from: '127.0.0.50' })
    expect(send.status).toBe(400)
  })
})
