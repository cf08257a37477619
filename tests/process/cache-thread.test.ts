import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/free-port.js'
import { ADMIN_ENV, type ChildServer, cleanUpProcesses, runToExit, startServer, tempDataDir } from './child-server.js'

// CACHE_THREAD (decision 163): a thread takes the visitors' connections, answers redirects and
// current cached pages from its copy, and passes everything else to Fastify on loopback.

const METRICS_TOKEN = 'cache-thread-metrics-token'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

let server: ChildServer
let token: string

beforeAll(async () => {
  server = await startServer({
    dataDir: await tempDataDir(),
    env: {
      ...ADMIN_ENV,
      SEED_DEMO: 'false',
      CACHE_THREAD: 'true',
      METRICS_TOKEN,
      LOGIN_PER_IP_PER_MINUTE: '3',
      SHUTDOWN_GRACE_SECONDS: '1',
    },
  })
  token = await server.login()
}, 120_000)
afterAll(cleanUpProcesses, 60_000)

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${server.url}${path}`, { method, headers: { 'user-agent': BROWSER, ...headers }, redirect: 'manual' })

/** Polls until `check` holds (the thread's copy follows the main thread's cache by a message). */
async function until(what: string, check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const hitsCounted = async () => {
  const text = await (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text()
  return Number(/site_page_cache_lookups_total\{result="hit"\} (\d+)/.exec(text)?.[1] ?? 'NaN')
}

describe('CACHE_THREAD', () => {
  it('says where each part listens', () => {
    expect(server.output()).toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/)
    expect(server.output()).toContain(`Cache thread listening at ${server.url}`)
  })

  it('reports its heap as a memory part of its own, out of "native"', async () => {
    const text = await (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text()
    const heap = Number(/process_memory_part_bytes\{part="cache_thread_heap"\} (\d+)/.exec(text)?.[1] ?? 'NaN')
    // Its young generation is 2 MB (young-generation.test.ts), its old space bounded to 64 MB.
    expect(heap).toBeGreaterThan(1024 * 1024)
    expect(heap).toBeLessThan(64 * 1024 * 1024)
  })

  it('answers a cached page with every header, HEAD without a body, 304 to its ETag, and counts the hits', async () => {
    // A visitor's miss is stored at once and compressed afterwards: then the thread has the brotli form.
    const cachedWithBrotli = async () => {
      const answer = await get('/', { 'accept-encoding': 'br' })
      return answer.headers.get('x-cache') === 'hit' && answer.headers.get('content-encoding') === 'br'
    }
    await until('the home page cached with its brotli form', cachedWithBrotli)
    const before = await hitsCounted()
    const page = await get('/', { 'accept-encoding': 'br' })
    expect(page.headers.get('x-cache')).toBe('hit')
    expect(page.headers.get('content-encoding')).toBe('br')
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'etag'])
      expect(page.headers.get(name), name).toBeTruthy()
    expect(await page.text()).toContain('<html')

    const head = await get('/', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).not.toBe('0')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
    expect((await get('/', { 'if-none-match': page.headers.get('etag')! })).status).toBe(304)

    // Hits reach the main thread's counters in batches (a quarter of a second).
    await until('the hits counted', async () => (await hitsCounted()) >= before + 3)
  })

  it('shows a change at once, and a renamed project’s old address redirects, not its cached page', async () => {
    const added = await server.call('POST', '/api/admin/add-project', { token, json: { title: 'Villa Hilo' } })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const { _id: id, slug } = added.body.project
    await until('the project page cached', async () => (await get(`/project/${slug}`)).headers.get('x-cache') === 'hit')

    const form = new FormData()
    form.append('title', 'Villa Hilo Nuevo')
    form.append('slug', 'villa-hilo-nuevo')
    const changed = await fetch(`${server.url}/api/admin/update-project/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(changed.status).toBe(200)
    // The thread hears of the change by a message, within milliseconds of the save's answer.
    await until('the old address redirected', async () => (await get(`/project/${slug}`)).status === 301, 1_000)
    const old = await get(`/project/${slug}`)
    expect(old.headers.get('location')).toBe('/project/villa-hilo-nuevo')
    await until('the new title', async () =>
      (await (await get('/project/villa-hilo-nuevo')).text()).includes('Villa Hilo Nuevo'),
    )
  })

  it('passes on a refusal of a body too large, and closes that connection', async () => {
    // Fastify answers 413 and closes without reading the rest; a reset can then beat its answer to
    // the thread (as to any client), and the visitor gets the reset: never a 5xx.
    const answer = await new Promise<{ status: number; connection?: string; body: string } | 'reset'>(
      (resolve, reject) => {
        const request = http.request(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': 3_000_000 },
        })
        request.on('response', (response) => {
          let body = ''
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
          )
        })
        request.on('error', (error: NodeJS.ErrnoException) =>
          ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') ? resolve('reset') : reject(error),
        )
        request.end(Buffer.alloc(3_000_000, 0x20))
      },
    )
    if (answer === 'reset') return
    expect(answer.status).toBe(413)
    expect(answer.connection).toBe('close')
    expect(JSON.parse(answer.body)).toHaveProperty('message')
  })

  it('passes the visitor’s address on: the login limit holds, whatever X-Forwarded-For says', async () => {
    const login = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ username: 'admin', password: 'not the password' }),
      }).then((r) => r.status)
    const statuses = [await login(), await login(), await login(), await login()]
    expect(statuses.at(-1)).toBe(429)
    expect(await login({ 'x-forwarded-for': '203.0.113.9' })).toBe(429)
  })

  it('ends on SIGTERM within the grace, with an upload still under way', async () => {
    const upload = http.request(`${server.url}/api/admin/upload-image`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': 5_000_000,
      },
    })
    const outcome = new Promise<string>((resolve) => {
      upload.on('response', (response) => resolve(`answered ${response.statusCode}`))
      upload.on('error', (error) => resolve(`ended (${(error as NodeJS.ErrnoException).code})`))
    })
    upload.write(
      '--b\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    )
    upload.write(Buffer.alloc(64 * 1024, 1))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    expect(await server.stop(15_000)).toEqual({ code: 0, signal: null })
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(await outcome).toMatch(/ended|answered 5\d\d/)
    expect(server.output()).toMatch(/database closed, data folder released/)
  })
})

describe('CACHE_THREAD refusals', () => {
  it('will not start with WORKERS', async () => {
    const run = await runToExit({
      dataDir: await tempDataDir(),
      env: { CACHE_THREAD: 'true', WORKERS: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    })
    expect(run.code).toBe(1)
    expect(run.output).toContain('CACHE_THREAD and WORKERS=2 cannot be combined')
  })

  it('says so plainly when its port is taken', async () => {
    const port = await freePort()
    const taken = net.createServer().listen(port, '127.0.0.1')
    await new Promise((resolve) => taken.once('listening', resolve))
    try {
      const run = await runToExit(
        {
          dataDir: await tempDataDir(),
          env: { ...ADMIN_ENV, SEED_DEMO: 'false', CACHE_THREAD: 'true', PORT: String(port) },
        },
        60_000,
      )
      expect(run.code).toBe(1)
      expect(run.output).toContain(`The server could not listen on 127.0.0.1:${port}`)
    } finally {
      taken.close()
    }
  }, 90_000)
})
