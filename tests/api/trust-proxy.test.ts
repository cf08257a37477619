import { afterAll, describe, expect, it } from 'vitest'
import { ENQUIRY_SUBJECT } from '../../src/shared/constants.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// The per-IP limits count request.ip, which is X-Forwarded-For only when TRUST_PROXY says the
// peer (here the test itself, on 127.0.0.1) is a proxy.

const LIMIT = 2

const servers: TestServer[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))

async function serverWith(trustProxy?: string) {
  const server = await startTestServer({
    // Production, where the server used to trust loopback peers without being told.
    env: { NODE_ENV: 'production', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) },
    limits: { sendEmailPerIpPer15Min: LIMIT },
  })
  servers.push(server)
  return server
}

/** Posts one enquiry through a peer that says it forwards for `forwardedFor`; answers the status. */
async function enquireAs(server: TestServer, forwardedFor: string) {
  const res = await fetch(`${server.url}/api/admin/send-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({
      fname: 'Ana',
      lname: 'García',
      email: 'ana@example.com',
      phone: '+34 600 000 000',
      message: `from ${forwardedFor}`,
      subject: ENQUIRY_SUBJECT,
    }),
  })
  return res.status
}

async function statusesFor(server: TestServer, visitors: string[]) {
  const statuses: number[] = []
  for (const visitor of visitors) statuses.push(await enquireAs(server, visitor))
  return statuses
}

describe('TRUST_PROXY and the per-IP limits', () => {
  it('counts visitors behind a trusted proxy (by address) separately', async () => {
    const server = await serverWith('127.0.0.1')
    expect(await statusesFor(server, ['203.0.113.1', '203.0.113.1', '203.0.113.1'])).toEqual([200, 200, 429])
    // Other visitors through the same proxy still get through.
    expect(await statusesFor(server, ['203.0.113.2', '198.51.100.9', '203.0.113.2'])).toEqual([200, 200, 200])
  })

  it('counts visitors behind a trusted proxy (by hop count) by the address the proxy added', async () => {
    const server = await serverWith('1')
    // The visitor's own header comes first; the proxy appends the address it saw.
    expect(await statusesFor(server, ['1.1.1.1, 203.0.113.5', '2.2.2.2, 203.0.113.5', '3.3.3.3, 203.0.113.5'])).toEqual(
      [200, 200, 429],
    )
    expect(await enquireAs(server, '1.1.1.1, 203.0.113.6')).toBe(200)
  })

  it.each([
    ['unset', undefined],
    ['naming another network', '10.0.0.0/8'],
  ])('ignores X-Forwarded-For from a peer that is not trusted (TRUST_PROXY %s)', async (_name, trustProxy) => {
    const server = await serverWith(trustProxy)
    // One client inventing a new address per request is still one client.
    expect(await statusesFor(server, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([200, 200, 429])
  })
})
