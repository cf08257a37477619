import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { createRateLimits } from '../../src/server/services/rate-limits.js'
import { createTestDatabase } from '../support/test-database.js'

// The shared counter behind every rate limit and the sign-in throttle, on the real database.

let database: Database
let now = Date.parse('2026-11-01T10:00:00Z')
const clock = () => now
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

describe('rate limit counters', () => {
  it('count hits within a window and start again after it', async () => {
    const limits = createRateLimits(database.db, clock)
    const hits = []
    for (let i = 0; i < 3; i++) hits.push((await limits.hit('fixed', { windowMs: 60_000 })).hits)
    expect(hits).toEqual([1, 2, 3])
    now += 30_000
    const inWindow = await limits.hit('fixed', { windowMs: 60_000 })
    expect(inWindow.hits).toBe(4)
    // A fixed window keeps its end.
    expect(inWindow.resetsAt.getTime()).toBe(now - 30_000 + 60_000)
    now += 31_000
    expect((await limits.hit('fixed', { windowMs: 60_000 })).hits).toBe(1)
  })

  it('are shared by two limiters on one database (two server instances)', async () => {
    const a = createRateLimits(database.db, clock)
    const b = createRateLimits(database.db, clock)
    await a.hit('shared', { windowMs: 60_000 })
    await b.hit('shared', { windowMs: 60_000 })
    expect((await a.peek('shared'))?.hits).toBe(2)
  })

  it('block a key with a doubling delay after the free hits, and do not count refused hits', async () => {
    const limits = createRateLimits(database.db, clock)
    const backoff = { freeHits: 2, baseMs: 1000, maxMs: 4000 }
    const options = { windowMs: 3_600_000, sliding: true, backoff }
    expect((await limits.hit('backoff', options)).allowed).toBe(true)
    expect((await limits.hit('backoff', options)).allowed).toBe(true)
    const third = await limits.hit('backoff', options) // allowed, and blocks for 1 s
    expect(third).toMatchObject({ allowed: true, hits: 3 })
    const refused = await limits.hit('backoff', options)
    expect(refused).toMatchObject({ allowed: false, hits: 3, retryAfterMs: 1000 })
    now += 1000
    expect(await limits.hit('backoff', options)).toMatchObject({ allowed: true, hits: 4 }) // blocks for 2 s
    now += 1999
    expect((await limits.hit('backoff', options)).allowed).toBe(false)
    now += 1
    expect(await limits.hit('backoff', options)).toMatchObject({ allowed: true, hits: 5 }) // 4 s
    now += 4000
    expect(await limits.hit('backoff', options)).toMatchObject({ allowed: true, hits: 6 }) // still 4 s: the cap
    expect((await limits.hit('backoff', options)).retryAfterMs).toBe(4000)
  })

  it('let only the free hits through a burst of parallel hits', async () => {
    const limits = createRateLimits(database.db, clock)
    const options = { windowMs: 60_000, backoff: { freeHits: 3, baseMs: 60_000, maxMs: 60_000 } }
    const results = await Promise.all(Array.from({ length: 12 }, () => limits.hit('burst', options)))
    // Three free hits, and the fourth, which starts the block.
    expect(results.filter((r) => r.allowed)).toHaveLength(4)
  })

  it('reset one key, or every key under a prefix (and only those)', async () => {
    const limits = createRateLimits(database.db, clock)
    for (const key of ['p:a%b:1', 'p:a%b:2', 'p:axb:1', 'other']) await limits.hit(key, { windowMs: 60_000 })
    await limits.resetPrefix('p:a%b:')
    expect(await limits.peek('p:a%b:1')).toBeNull()
    expect(await limits.peek('p:a%b:2')).toBeNull()
    expect(await limits.peek('p:axb:1')).not.toBeNull()
    await limits.reset('other')
    expect(await limits.peek('other')).toBeNull()
  })

  it('sweep the rows whose window is over', async () => {
    const limits = createRateLimits(database.db, clock)
    await limits.hit('short', { windowMs: 1000 })
    await limits.hit('long', { windowMs: 3_600_000 })
    now += 1000
    expect(await limits.sweep()).toBeGreaterThanOrEqual(1)
    const keys = (await database.db.query.rateLimits.findMany()).map((r) => r.key)
    expect(keys).not.toContain('short')
    expect(keys).toContain('long')
  })
})
