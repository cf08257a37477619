import { Agent, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChildServer, cleanUpProcesses, startServer, tempDataDir } from './child-server.js'

// A small, bounded flood against the real server process: 10 connections asking for a new address
// each time (tracking parameters, projects that do not exist, pages past the end) while one visitor
// keeps reading the home page. The visitor is served from the cache throughout, and promptly.
let server: ChildServer
beforeAll(async () => {
  server = await startServer({ dataDir: await tempDataDir(), env: { NODE_ENV: 'production', SEED_DEMO: 'false' } })
}, 120_000)
afterAll(cleanUpProcesses)

const FLOOD_MS = 2000
const FLOOD_CONNECTIONS = 10
// The flood lasts FLOOD_MS and at least this many requests: a busy CI machine once managed only 93
// in 2 s, and a flood that small would say little about the visitor beside it.
const FLOOD_REQUESTS = 150

describe('a flood of new addresses', () => {
  it('leaves an ordinary visitor served from the cache, quickly', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS + 1 })
    const get = (path: string) =>
      new Promise<{ status: number; cache: unknown; ms: number }>((resolve, reject) => {
        const started = performance.now()
        request(`${server.url}${path}`, { agent }, (answer) => {
          answer.resume().on('end', () =>
            resolve({
              status: answer.statusCode!,
              cache: answer.headers['x-cache'],
              ms: performance.now() - started,
            }),
          )
        })
          .on('error', reject)
          .end()
      })
    // A server that has run a while: every kind of page rendered once.
    for (const path of ['/', '/project/warm-up', '/all-projects?page=2']) await get(path)
    const until = Date.now() + FLOOD_MS
    const flood: { status: number; cache: unknown; path: string }[] = []
    const flooding = () => Date.now() < until || flood.length < FLOOD_REQUESTS
    const flooders = Array.from({ length: FLOOD_CONNECTIONS }, async (_, connection) => {
      for (let n = 0; flooding(); n++) {
        const r = `${connection}-${n}-${Math.random().toString(36).slice(2)}`
        const path = [`/?utm_source=ad&gclid=${r}`, `/project/no-such-villa-${r}`, `/all-projects?page=${r}`][n % 3]!
        flood.push({ ...(await get(path)), path })
      }
    })
    const visits: { status: number; cache: unknown; ms: number }[] = []
    const visiting = (async () => {
      while (flooding()) visits.push(await get('/?fbclid=visitor'))
    })()
    await Promise.all([...flooders, visiting])
    agent.destroy()

    expect(flood.length).toBeGreaterThanOrEqual(FLOOD_REQUESTS)
    expect(flood.every((f) => f.status < 500 || f.status === 503)).toBe(true)
    // Tracking parameters never cost a render.
    expect(flood.filter((f) => f.path.startsWith('/?')).every((f) => f.cache === 'hit')).toBe(true)
    expect(visits.every((v) => v.status === 200 && v.cache === 'hit')).toBe(true)
    const sorted = visits.map((v) => v.ms).sort((a, b) => a - b)
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!
    // bench/scale.sh measures the real figure on a quiet machine (docs/performance.md); this bound
    // only catches a starved visitor (seconds) on a machine as busy as CI's (1.18 s seen there
    // with Vitest's other worker rendering beside it).
    expect(p99).toBeLessThan(2000)
  })
})
