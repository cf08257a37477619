// GET /api/admin/stats at scale (issue 25): 1,000 projects × 10 languages with a year of daily
// visit counts, then the report of 7 days, 30 days, 12 months and 2 years, timed.
// Usage: node --import tsx bench/stats-report.bench.ts   (PGlite in a temporary folder)
//        DATABASE_URL=postgres://… node --import tsx bench/stats-report.bench.ts   (an empty database)
// BENCH_DAYS=730 fills two years of days (a fresh folder or database). PAGES_PER_DAY_SHARE
// (default 5): one page in that many is viewed on a given day (2,012 of 10,060).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/server/db/client.js'
import { addDays } from '../src/shared/schemas/stats.schema.js'
import { statsReport } from '../src/server/stats/stats-report.js'

const share = Number(process.env.PAGES_PER_DAY_SHARE ?? 5)
// BENCH_DAYS (default 365): how many days back the fill counts views (730: two full years).
const benchDays = Number(process.env.BENCH_DAYS ?? 365)
// STATS_BENCH_DIR keeps the filled PGlite folder for the next run (filling takes a minute or two).
const kept = process.env.STATS_BENCH_DIR
const dir = process.env.DATABASE_URL ? null : (kept ?? (await mkdtemp(path.join(tmpdir(), 'stats-bench-'))))
const database = await openDatabase(dir ? { dataDir: dir } : { url: process.env.DATABASE_URL! })
await database.migrate()
const { db } = database
const run = (query: string) => db.execute(sql.raw(query))

const filled = Date.now()
const [{ n: already }] = (await db.execute(sql.raw('select count(*)::int as n from projects'))).rows as [{ n: number }]
if (already === 0) await fill()
async function fill() {
  await run(`insert into languages (id, code, name) select gen_random_uuid(), 'l' || n, 'Language ' || n
  from generate_series(0, 9) n on conflict do nothing`)
  await run(`insert into projects (id, group_id, language, slug, title)
  select md5('p' || n)::uuid, md5('p' || n)::uuid, 'l0', 'villa-' || n, 'Villa ' || n from generate_series(0, 999) n`)
  // 10,000 project pages (each project in 10 languages) and 60 other pages.
  await run(`create temporary table bench_pages as select i,
    case when i < 10000 then '/project/villa-' || (i / 10) || '-' || (i % 10) else '/l' || (i % 10) || '/page-' || (i / 10) end as path,
    'l' || (i % 10) as language,
    case when i < 10000 then md5('p' || (i / 10))::text else '' end as project
  from generate_series(0, 10059) i`)
  await run(`insert into visit_page_names (id, path, language, project) overriding system value
  select i + 1, path, language, project from bench_pages`)
  await run(`insert into visit_pages (grain, period, page, views)
  select 'day', current_date - d, i + 1, 1 + ((i * 7 + d * 13) % 20)
  from bench_pages, generate_series(0, ${benchDays - 1}) d where (i + d) % ${share} = 0`)
  await run(`insert into visit_languages (grain, period, language, views)
  select 'day', period, n.language, sum(views) from visit_pages join visit_page_names n on n.id = page
  where grain = 'day' group by period, n.language`)
  // 300 sources a day (the most one instance names), a tenth of them campaigns.
  await run(`insert into visit_sources (grain, period, source, medium, campaign, views)
  select 'day', current_date - d, 'site-' || k || '.example', case when k % 10 = 0 then 'cpc' else 'referral' end,
    case when k % 10 = 0 then 'campaign-' || (k % 7) else '' end, 1 + ((k * 3 + d) % 40)
  from generate_series(0, ${benchDays - 1}) d, generate_series(0, 299) k`)
  // What the visit store writes (decision 114): each day's views also in its month, quarter and year.
  const keysOf = { visit_pages: 'page', visit_languages: 'language', visit_sources: 'source, medium, campaign' }
  for (const [table, keys] of Object.entries(keysOf)) {
    for (const grain of ['month', 'quarter', 'year'])
      await run(`insert into ${table} (grain, period, ${keys}, views)
      select '${grain}', date_trunc('${grain}', period::timestamp)::date, ${keys}, sum(views) from ${table} where grain = 'day'
      group by date_trunc('${grain}', period::timestamp)::date, ${keys}`)
  }
  await run('analyze')
}
const counts =
  await run(`select (select count(*) from visit_pages) as pages, (select count(*) from visit_sources) as sources,
  (select count(*) from visit_languages) as languages`)
console.log(
  `${database.kind}: filled in ${((Date.now() - filled) / 1000).toFixed(1)} s; rows:`,
  (counts as unknown as { rows: unknown[] }).rows[0],
)

const today = new Date().toISOString().slice(0, 10)
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
const ranges = { '7 days': 6, '30 days': 29, '12 months': 364, '2 years': 729 }
if (process.env.EXPLAIN) {
  const plan = await run(`explain analyze ${process.env.EXPLAIN}`)
  console.log((plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'))
}
for (const [name, back] of Object.entries(ranges)) {
  const range = { from: addDays(today, -back), to: today }
  // The first report of a range in this process: PGlite's WebAssembly is still being optimized by
  // V8 (the first range's first call pays most of that), so it is shown apart from the median.
  const firstStarted = performance.now()
  const firstCpu = process.cpuUsage()
  await statsReport(db, range)
  const firstUsed = process.cpuUsage(firstCpu)
  const first = `first ${(performance.now() - firstStarted).toFixed(0)} ms (CPU ${((firstUsed.user + firstUsed.system) / 1000).toFixed(0)} ms)`
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < 7; i++) {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    await statsReport(db, range)
    const used = process.cpuUsage(cpuBefore)
    times.push(performance.now() - started)
    cpu.push((used.user + used.system) / 1000)
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[3]!.toFixed(0)
  // On a shared machine the wall time counts the waits for a core; on PGlite (in this process) the
  // CPU time is what the report itself costs.
  console.log(
    `${name.padEnd(10)} median ${median(times)} ms (CPU ${median(cpu)} ms), slowest ${Math.max(...times).toFixed(0)} ms, ${first}`,
  )
}
await database.close()
if (dir && !kept) await rm(dir, { recursive: true, force: true })
