import { eq } from 'drizzle-orm'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexNowSubmissions } from '../../src/server/db/schema.js'
import { createTestDatabase } from '../support/test-database.js'
import type { Database } from '../../src/server/db/client.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'

// IndexNow (issue 24, item 7): two instances on one database, a local receiver that refuses the
// first attempt; each change arrives once, after a retry.
const KEY = 'e2f8c1d4a9b64e0f'
let receiver: Server
const received: { status: number; body: any }[] = []
let database: Database
let first: TestServer
let second: TestServer

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      // The first attempt fails, as an endpoint that is down would.
      const status = received.length === 0 ? 503 : 200
      received.push({ status, body: JSON.parse(text) })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/indexnow`
  database = await createTestDatabase()
  const options = {
    database,
    env: { INDEXNOW_KEY: KEY, INDEXNOW_URL: endpoint, PUBLIC_URL: 'https://villas.example' },
    indexNowRetryBaseMs: 200,
  }
  first = await startTestServer(options)
  second = await startTestServer({ ...options, admin: null })
})
afterAll(async () => {
  await first.close()
  await second.close()
  await database.close()
  receiver.close()
})

describe('IndexNow', () => {
  it('serves the key file', async () => {
    const response = await fetch(`${first.url}/${KEY}.txt`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(KEY)
    expect((await fetch(`${first.url}/wrong-key.txt`)).status).toBe(404)
  })

  it('sends changed addresses once across instances, retried until the endpoint takes them', async () => {
    const ctx = first.app.ctx
    await database.db.transaction((tx) =>
      ctx.indexNow!.announceChangedUrls(tx, [
        '/project/villa-sol',
        '/project/villa-sol-old',
        '/project/villa-sol',
        'https://elsewhere.example/x',
      ]),
    )
    ctx.indexNow!.wake()
    second.app.ctx.indexNow!.wake()
    await until('a delivery', async () => received.some((r) => r.status === 200))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(received.map((r) => r.status)).toEqual([503, 200])
    expect(received[1]!.body).toEqual({
      host: 'villas.example',
      key: KEY,
      keyLocation: `https://villas.example/${KEY}.txt`,
      urlList: ['https://villas.example/project/villa-sol', 'https://villas.example/project/villa-sol-old'],
    })
    const [row] = await database.db.select().from(indexNowSubmissions)
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
    expect(
      await database.db.select().from(indexNowSubmissions).where(eq(indexNowSubmissions.status, 'pending')),
    ).toEqual([])
  })
})
