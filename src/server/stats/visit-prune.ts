import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { selectRows } from '../db/select-rows.js'
import { periodOf } from './stats-periods.js'

/** The count tables and what a row of each is counted by. */
const COUNT_TABLES = {
  visit_pages: ['page'],
  visit_sources: ['source', 'medium', 'campaign'],
  visit_languages: ['language'],
} as const

/**
 * Deletes counts older than `months` months (STATS_RETENTION_MONTHS): days before the cut-off day,
 * months before the cut-off's month. A quarter or a year holds the sum of the months kept
 * (decision 114): a deleted month's views are taken off its quarter and year, and a quarter or year
 * whose months are all gone goes too. Subtracting commutes with a flush's additions, so an instance
 * flushing meanwhile loses nothing. Answers how many rows went.
 */
export async function pruneVisits(db: Db, months: number, today = new Date()): Promise<number> {
  const cutoff = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate()))
  const cutoffDay = cutoff.toISOString().slice(0, 10)
  const cutoffMonth = periodOf('month', cutoffDay)
  let deleted = 0
  const firstQuarter = periodOf('quarter', cutoffMonth)
  const firstYear = periodOf('year', cutoffMonth)
  await db.transaction(async (tx) => {
    for (const [name, keys] of Object.entries(COUNT_TABLES)) {
      const table = sql.identifier(name)
      const keyList = sql.raw(keys.map((k) => `"${k}"`).join(', '))
      const sameKeys = sql.raw(keys.map((k) => `t."${k}" = s."${k}"`).join(' and '))
      // Each statement answers how many rows it deleted.
      const count = async (query: SQL) => {
        const [row] = await selectRows<{ n: number }>(tx, query)
        deleted += row!.n
      }
      const deleting = (where: SQL) =>
        sql`with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`
      await count(deleting(sql`grain = 'day' and period < ${cutoffDay}`))
      // Quarters and years wholly before the cut-off go whole; then the cut-off's own quarter and
      // year lose the views of the months deleted.
      await count(
        deleting(sql`(grain = 'quarter' and period < ${firstQuarter}) or (grain = 'year' and period < ${firstYear})`),
      )
      await count(sql`with months as (
          delete from ${table} where grain = 'month' and period < ${cutoffMonth} returning period, ${keyList}, views
        ), sums as (
          select g.grain, date_trunc(g.grain, m.period::timestamp)::date as period, ${keyList}, sum(m.views)::int as views
          from months m, (values ('quarter'), ('year')) g(grain) group by 1, 2, ${keyList}
        ), taken as (
          update ${table} t set views = t.views - s.views from sums s
          where t.grain = s.grain and t.period = s.period and ${sameKeys}
        )
        select count(*)::int as n from months`)
      // A row left with none of its months' views is not a count of anything any more.
      await count(deleting(sql`grain in ('quarter', 'year') and views <= 0`))
    }
  })
  return deleted
}
