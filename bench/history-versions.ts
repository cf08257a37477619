// Sets the version history of an embedded (PGlite) site to PER_RECORD versions of every project
// row, for bench/history-public.sh: 0 empties content_versions; 50 on the 1,000 × 10 catalogue
// makes 500,000 rows. Each record's versions carry its own editable fields (what saveContent
// stores as `data`), the title changed per version, one a draft and the next published, an hour
// apart and within the last days (so the age limit's housekeeping deletes none of them).
// The server must be stopped: one process at a time opens a PGlite folder (the lock says so).
// Usage: node --import tsx bench/history-versions.ts <DATA_DIR> <PER_RECORD>
import { count, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { lockDataDir } from '../src/server/data-dir-lock.js'
import { type Db, openDatabase } from '../src/server/db/client.js'
import { contentVersions, projects } from '../src/server/db/schema.js'
import { editableOf, PROJECT_KIND } from '../src/server/services/publishing/record-kinds.js'

const [dataDir, perRecordArg] = process.argv.slice(2)
if (!dataDir || perRecordArg === undefined) throw new Error('usage: history-versions.ts <DATA_DIR> <PER_RECORD>')
const perRecord = Number(perRecordArg)

/** Version 1 of each project row as the API would have stored it, then 2..N copied from it. */
async function fillVersions(db: Db) {
  const rows = await db.select().from(projects)
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(contentVersions).values(
      rows.slice(i, i + 500).map((row) => ({
        id: randomUUID(),
        kind: 'project' as const,
        recordId: row.id,
        language: row.language,
        number: 1,
        state: 'published' as const,
        createdAt: new Date(Date.now() - (perRecord - 1) * 3_600_000),
        changedBy: 'loader',
        fields: [],
        data: editableOf(PROJECT_KIND, row),
      })),
    )
  }
  // Ten version numbers per statement.
  for (let from = 2; from <= perRecord; from += 10) {
    const to = Math.min(from + 9, perRecord)
    await db.execute(sql`
      insert into content_versions (id, kind, record_id, language, number, state, created_at, changed_by, fields, data)
      select gen_random_uuid(), v.kind, v.record_id, v.language, n.n,
             case when n.n % 2 = 0 then 'draft' else 'published' end,
             now() - (${perRecord} - n.n) * interval '1 hour', 'loader', '["title","description"]'::jsonb,
             jsonb_set(v.data, '{title}', to_jsonb((v.data->>'title') || ' v' || n.n))
      from content_versions v, generate_series(${from}::int, ${to}::int) n(n)
      where v.number = 1`)
  }
}

const lock = await lockDataDir(dataDir)
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
const { db } = database
const started = Date.now()
try {
  const [records = { n: 0 }] = await db.select({ n: count() }).from(projects)
  const [before = { n: 0 }] = await db.select({ n: count() }).from(contentVersions)
  // The same state twice in a row (the bench's B A A B order) is left as it is.
  if (before.n !== records.n * perRecord) {
    await db.execute(sql`truncate content_versions`)
    if (perRecord > 0) await fillVersions(db)
    await db.execute(sql`analyze content_versions`)
  }
  const [after = { n: 0 }] = await db.select({ n: count() }).from(contentVersions)
  const size = (await db.execute(
    sql`select pg_size_pretty(pg_total_relation_size('content_versions')) as size`,
  )) as unknown as { rows: { size: string }[] }
  const took = ((Date.now() - started) / 1000).toFixed(0)
  console.log(`content_versions: ${after.n} rows, ${size.rows[0]?.size} on disk (${took} s)`)
} finally {
  await database.close()
  await lock.release()
}
