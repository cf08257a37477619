// Where the stats report's time goes (issue 25): each query of each range timed alone (CPU of this
// process, 9 runs, median; the ranges twice, the second pass warm) and, with PLANS=1, its plan.
// Usage: STATS_BENCH_DIR=dir node --import tsx bench/stats-explain.ts   (a folder filled by stats-report.bench.ts)
//        DATABASE_URL=postgres://… node --import tsx bench/stats-explain.ts
import { loadavg } from 'node:os'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { openDatabase } from '../src/server/db/client.js'
import { addDays } from '../src/shared/schemas/stats.schema.js'
import { reportQueries } from '../src/server/stats/stats-queries.js'

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.STATS_BENCH_DIR! },
)
const { db } = database
await db.execute(sql`set work_mem = '32MB'`)
const dialect = new PgDialect()
/** The query's text with its parameters written in (EXPLAIN takes no parameters). */
function inline(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return text.replace(/\$(\d+)/g, (_, n) => {
    const value = params[Number(n) - 1]
    return typeof value === 'number'
      ? String(value)
      : `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`
  })
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
const today = new Date().toISOString().slice(0, 10)
const ranges = { '7 days': 6, '30 days': 29, '12 months': 364, '2 years': 729 }
for (const [name, back] of [...Object.entries(ranges), ...Object.entries(ranges)]) {
  const range = { from: addDays(today, -back), to: today }
  console.log(`\n=== ${name} ${range.from}..${range.to}`)
  for (const [query, text] of Object.entries(reportQueries(db, range))) {
    const raw = sql.raw(`${process.env.PRELUDE ?? ''}${inline(text)}`)
    await db.execute(raw)
    const times: number[] = []
    for (let i = 0; i < 9; i++) {
      const cpu = process.cpuUsage()
      await db.execute(raw)
      const used = process.cpuUsage(cpu)
      times.push((used.user + used.system) / 1000)
    }
    console.log(`${query}: CPU median ${[...times].sort((a, b) => a - b)[4]!.toFixed(1)} ms`)
    if (process.env.PLANS) {
      const plan = (await db.execute(sql.raw(`explain (analyze, buffers) ${inline(text)}`))) as unknown as {
        rows: { 'QUERY PLAN': string }[]
      }
      console.log(plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'))
    }
  }
}
await database.close()
