import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/select-rows.js'
import { addDays } from '../../src/shared/schemas/stats.schema.js'
import type { StatsReport } from '../../src/shared/stats.js'
import { pruneVisits } from '../../src/server/stats/visit-prune.js'
import { flushVisits } from '../../src/server/stats/visit-store.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Decision 114: every view also adds to its quarter and year; a range reads the coarsest periods
// it covers. Whatever periods a range is read through, it must answer what its days add up to.
let server: TestServer
const today = new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startSignedIn({})
})
afterAll(() => server?.close())

const stats = async (from: string, to: string) => {
  const answer = await server.call<StatsReport>('GET', `/api/admin/stats?from=${from}&to=${to}`)
  expect(answer.status).toBe(200)
  return answer.body
}
const batch = (days: [string, number][], path = '/contact') => ({
  pages: days.map(([day, views]) => ({ day, page: { path, language: 'en' }, views })),
  sources: days.map(([day, views]) => ({ day, source: 'x.com', medium: 'referral', campaign: '', views })),
})
/** Per grain and period, the views summed over every row (one dimension's table). */
const sums = (table: string) =>
  selectRows<{ grain: string; period: string; views: number }>(
    server.database.db,
    sql`select grain, period::text as period, sum(views)::int as views from ${sql.identifier(table)}
      group by grain, period order by grain, period`,
  )

describe('stats grains', () => {
  it('answers the sum of a range’s days, whichever periods it is read through', async () => {
    // One view count a week from two years ago to today, each a different number.
    const days: [string, number][] = []
    for (let i = 0; i < 106; i++) days.push([addDays(today, -7 * i), 1 + i])
    await flushVisits(server.database.db, batch(days))
    const expected = (from: string, to: string) =>
      days.filter(([day]) => day >= from && day <= to).reduce((sum, [, views]) => sum + views, 0)
    const year = Number(today.slice(0, 4))
    const ranges: [string, string][] = [
      [addDays(today, -6), today],
      [addDays(today, -29), today],
      [addDays(today, -364), today],
      [addDays(today, -729), today],
      [`${year - 1}-01-01`, `${year - 1}-12-31`],
      [`${year - 1}-02-14`, `${year - 1}-11-03`],
      [`${year - 1}-04-01`, `${year}-03-31`],
      [`${year}-01-01`, today],
      [`${today.slice(0, 7)}-01`, today],
      [addDays(today, -400), addDays(today, -1)],
      [addDays(today, -10), addDays(today, 30)],
    ]
    for (const [from, to] of ranges) {
      const report = await stats(from, to)
      const want = expected(from, to)
      expect(report.totals.views, `${from}..${to}`).toBe(want)
      expect(report.pages.find((p) => p.path === '/contact')?.views ?? 0, `${from}..${to} pages`).toBe(want)
      expect(report.sources.find((s) => s.source === 'x.com')?.views ?? 0, `${from}..${to} sources`).toBe(want)
      expect(report.languages.find((l) => l.language === 'en')?.views ?? 0, `${from}..${to} languages`).toBe(want)
    }
  })

  it('adds two instances’ flushes of the same rows up in every grain', async () => {
    const before = await sums('visit_pages')
    const at = (grain: string) => before.filter((r) => r.grain === grain).reduce((sum, r) => sum + r.views, 0)
    await Promise.all([
      flushVisits(server.database.db, batch([[today, 3]], '/about')),
      flushVisits(server.database.db, batch([[today, 4]], '/about')),
    ])
    const after = await sums('visit_pages')
    for (const grain of ['day', 'month', 'quarter', 'year']) {
      const total = after.filter((r) => r.grain === grain).reduce((sum, r) => sum + r.views, 0)
      expect(total - at(grain), grain).toBe(7)
    }
  })

  it('prunes each quarter and year down to the months it keeps', async () => {
    await flushVisits(
      server.database.db,
      batch([
        ['2022-11-20', 1],
        ['2023-02-10', 10],
        ['2023-04-30', 100],
        ['2023-05-02', 1000],
        ['2023-06-15', 10000],
      ]),
    )
    // Cut-off 2023-05-15: days before it go, months before May; Q1 2023 and 2022 go whole (the
    // first test's views are all after 2024-11).
    const gone = await pruneVisits(server.database.db, 12, new Date('2024-05-15T12:00:00Z'))
    expect(gone).toBeGreaterThan(0)
    for (const table of ['visit_pages', 'visit_sources', 'visit_languages']) {
      const rows = (await sums(table)).filter((r) => r.period < '2024-01-01')
      const of = (grain: string, period: string) => rows.find((r) => r.grain === grain && r.period === period)?.views
      expect(of('day', '2023-05-02'), table).toBeUndefined()
      expect(of('day', '2023-06-15'), table).toBe(10000)
      expect(of('month', '2023-04-01'), table).toBeUndefined()
      expect(of('month', '2023-05-01'), table).toBe(1000)
      expect(of('quarter', '2023-01-01'), table).toBeUndefined()
      expect(of('quarter', '2023-04-01'), table).toBe(11000)
      expect(of('year', '2023-01-01'), table).toBe(11000)
      expect(of('year', '2022-01-01'), table).toBeUndefined()
      expect(rows.every((r) => r.views > 0)).toBe(true)
    }
    // Read through its year, 2023 answers what its months kept answer.
    const year = await stats('2023-01-01', '2023-12-31')
    const months = await stats('2023-05-01', '2023-06-30')
    // (The totals are the days', and May's first days are gone: that is pruning, not the grains.)
    expect(year.pages.find((p) => p.path === '/contact')?.views).toBe(11000)
    expect(year.pages).toEqual(months.pages)
    expect(year.sources).toEqual(months.sources)
  })
})
