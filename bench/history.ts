// The history screen at scale (issue 22): 1,000 originals x 10 languages x 50 versions = 500,000
// rows in content_versions, then the calls the history screen makes for one record, timed.
// Usage: DATABASE_URL=postgres://…/scratch_db node --import tsx bench/history.ts  (a database you can fill)
import { sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '../src/server/db/client.js'
import { getVersion, listVersions } from '../src/server/services/publishing/versions.js'

const url = process.env.DATABASE_URL
if (!url) throw new Error('set DATABASE_URL to a scratch PostgreSQL database')
const database = await openDatabase({ url })
await database.migrate()
const db = database.db
const records = 10_000
const perRecord = 50
const started = Date.now()
await db.execute(sql`truncate content_versions`)
await db.execute(sql`
  insert into content_versions (id, kind, record_id, language, number, state, created_at, changed_by, fields, data)
  select gen_random_uuid(), 'project', r.id, 'l' || (r.n % 10), v.n, case when v.n % 2 = 0 then 'published' else 'draft' end,
         now() - (${perRecord} - v.n) * interval '1 hour', 'admin', '["title","description"]'::jsonb,
         jsonb_build_object('title', 'Villa ' || r.n || ' v' || v.n, 'description', repeat('Text. ', 200))
  from (select gen_random_uuid() as id, n from generate_series(1, ${records}) n) r, generate_series(1, ${perRecord}) v(n)`)
await db.execute(sql`analyze content_versions`)
console.log(`inserted ${records * perRecord} versions in ${Date.now() - started} ms`)

const [{ record_id: recordId, language } = { record_id: randomUUID(), language: 'l0' }] = (
  (await db.execute(sql`select record_id, language from content_versions limit 1`)) as unknown as {
    rows: { record_id: string; language: string }[]
  }
).rows
const ref = { kind: 'project' as const, recordId, language }
const times: number[] = []
for (let i = 0; i < 50; i++) {
  const t = performance.now()
  const page = await listVersions(db, ref, { limit: 20, offset: 0 })
  await getVersion(db, ref, page[0]!.id)
  times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
console.log(`history page + one version: median ${times[25]!.toFixed(1)} ms, p95 ${times[47]!.toFixed(1)} ms`)
const plan = (await db.execute(
  sql`explain analyze select id, number from content_versions where kind = 'project' and record_id = ${recordId} and language = ${language} order by number desc limit 20`,
)) as unknown as { rows: Record<string, string>[] }
console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'))
await db.execute(sql`truncate content_versions`)
await database.close()
