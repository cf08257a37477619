import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { waitFor } from '../support/wait-for.js'

// GET /metrics (issue 44, decision 127) over real HTTP, on the rendered site (needs `npm run build`).
const TOKEN = 'metrics-token-for-the-test-0123'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ site: true, env: { METRICS_TOKEN: TOKEN } })
})
afterAll(() => server.close())

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${server.url}/metrics`, { headers })
const metrics = async () => {
  const response = await scrape()
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return parsePrometheusText(await response.text())
}

describe('metrics behind METRICS_TOKEN', () => {
  it('refuses a scrape without the token or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${TOKEN}` },
    ]
    for (const headers of attempts) {
      const response = await scrape(headers)
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await response.json()).toEqual({ message: 'Metrics need the bearer token (METRICS_TOKEN)' })
    }
  })

  it('answers every part in the text format: requests by route pattern, memory, event loop, backlogs', async () => {
    // Bodies are read to the end: an unread answer keeps its request open and the server's close waits.
    await (await fetch(`${server.url}/api/admin/get-projects?lang=en&anything=${Math.random()}`)).text()
    await (await fetch(`${server.url}/api/no-such-call?x=1`)).text()
    const families = await metrics()
    const routes = families.get('http_request_duration_seconds')!.samples.map((s) => s.labels.route)
    expect(routes).toContain('/api/admin/get-projects')
    // Patterns only: no query strings, no raw addresses of unknown calls.
    expect(routes.some((route) => route?.includes('?') || route?.includes('no-such-call'))).toBe(false)
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'outbox_deliveries_pending',
      'publish_schedules_pending',
      'image_avif_encodings_pending',
      'public_api_cache_lookups_total',
      'site_page_cache_bytes',
    ])
      expect(families.has(name), name).toBe(true)
    expect(sampleValue(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    expect(sampleValue(families, 'process_memory_part_bytes', { part: 'v8_heap_used' })).toBeGreaterThan(1_000_000)
  })

  it('counts a cached page answered before Fastify, and the render that filled the cache', async () => {
    const before = await metrics()
    const hits = (f: typeof before) => sampleValue(f, 'site_page_cache_lookups_total', { result: 'hit' })
    // The first visit renders (or finds the warm-up's page); the next ones are cache hits.
    const visit = async () => {
      const response = await fetch(`${server.url}/about`)
      await response.arrayBuffer()
      return response.headers.get('x-cache')
    }
    await waitFor('a cached about page', visit, (state) => state === 'hit')
    expect(await visit()).toBe('hit')
    const after = await metrics()
    expect(hits(after)).toBeGreaterThanOrEqual(hits(before) + 1)
    expect(sampleValue(after, 'site_page_render_duration_seconds_count')).toBeGreaterThanOrEqual(1)
    expect(sampleValue(after, 'site_page_cache_pages')).toBeGreaterThanOrEqual(1)
    // The miss went through Fastify: timed under the page route's pattern.
    expect(sampleValue(after, 'http_request_duration_seconds_count', { route: '/*', method: 'GET' })).toBeGreaterThan(0)
  })
})

describe('metrics on METRICS_PORT', () => {
  it('serves them on their own port only, with no token asked for', async () => {
    const apart = await startTestServer({ env: { METRICS_PORT: '0' } })
    try {
      const { port } = apart.app.metricsAddress()!
      const response = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(response.status).toBe(200)
      expect(parsePrometheusText(await response.text()).has('process_resident_memory_bytes')).toBe(true)
      const elsewhere = [await fetch(`http://127.0.0.1:${port}/`), await fetch(`${apart.url}/metrics`)]
      for (const other of elsewhere) {
        expect(other.status).toBe(404)
        await other.text()
      }
    } finally {
      await apart.close()
    }
  })
})
