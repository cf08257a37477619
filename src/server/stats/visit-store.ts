import { getTableName, inArray, sql } from 'drizzle-orm'
import type { IndexColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client.js'
import { projects, STATS_GRAINS, visitLanguages, visitPageNames, visitPages, visitSources } from '../db/schema.js'
import { periodOf } from './stats-periods.js'
import type { VisitBatch } from './visit-counter.js'

// Rows per INSERT: well under PostgreSQL's 65,535 parameters.
const CHUNK = 1000

/** Sums rows that share a key (one INSERT may not touch a row twice), in key order. */
function sumByKey<R extends { views: number }>(rows: R[], keyOf: (row: R) => string): R[] {
  const sums = new Map<string, R>()
  for (const row of rows) {
    const key = keyOf(row)
    const sum = sums.get(key)
    if (sum) sum.views += row.views
    else sums.set(key, { ...row })
  }
  // The same order on every instance: two flushes at once lock rows in one order, never deadlock.
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row)
}

/** Adds rows' views to the counts already there (another instance's, an earlier flush's). */
async function addViews<T extends PgTable>(tx: Tx, table: T, target: IndexColumn[], rows: T['$inferInsert'][]) {
  // `views` alone would be ambiguous beside `excluded.views`.
  const current = sql.raw(`"${getTableName(table)}"."views"`)
  for (let at = 0; at < rows.length; at += CHUNK) {
    await tx
      .insert(table)
      .values(rows.slice(at, at + CHUNK))
      .onConflictDoUpdate({ target, set: { views: sql`${current} + excluded.views` } as PgUpdateSetSource<T> })
  }
}

/** Project pages' slugs -> the project (its group) and its language; a slug not found is dropped. */
async function projectsBySlug(db: Db, slugs: string[]) {
  if (slugs.length === 0) return new Map<string, { group: string; language: string }>()
  const rows = await db
    .select({ slug: projects.slug, group: projects.groupId, language: projects.language })
    .from(projects)
    .where(inArray(projects.slug, slugs))
  return new Map(rows.map((r) => [r.slug, { group: r.group, language: r.language }]))
}

type PageName = { path: string; language: string; project: string }
const nameKey = (p: PageName) => `${p.path}\t${p.language}\t${p.project}`

/** The ids of pages' names, adding the names not seen before. */
async function pageIds(tx: Tx, pages: PageName[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  if (pages.length === 0) return ids
  const find = async () => {
    const paths = [...new Set(pages.map((p) => p.path))]
    for (let at = 0; at < paths.length; at += CHUNK) {
      const rows = await tx
        .select()
        .from(visitPageNames)
        .where(inArray(visitPageNames.path, paths.slice(at, at + CHUNK)))
      for (const row of rows) ids.set(nameKey(row), row.id)
    }
  }
  await find()
  const missing = sumByKey(
    pages.filter((p) => !ids.has(nameKey(p))).map((p) => ({ ...p, views: 0 })),
    nameKey,
  ).map(({ path, language, project }) => ({ path, language, project }))
  if (missing.length === 0) return ids
  // Only new names are inserted: a conflict would still use up a number of the identity.
  for (let at = 0; at < missing.length; at += CHUNK)
    await tx
      .insert(visitPageNames)
      .values(missing.slice(at, at + CHUNK))
      .onConflictDoNothing()
  await find()
  return ids
}

/**
 * Writes a batch of views: one transaction of additive upserts per table and grain, so several
 * instances flushing at once add up, and a failed flush writes nothing (the caller keeps the batch).
 */
export async function flushVisits(db: Db, batch: VisitBatch): Promise<void> {
  if (batch.pages.length === 0 && batch.sources.length === 0) return
  const slugs = [...new Set(batch.pages.flatMap((row) => (row.page.slug ? [row.page.slug] : [])))]
  const bySlug = await projectsBySlug(db, slugs)
  const pages = batch.pages.flatMap((row) => {
    if (row.page.slug === undefined)
      return [{ day: row.day, path: row.page.path, language: row.page.language, project: '', views: row.views }]
    const project = bySlug.get(row.page.slug)
    return project
      ? [{ day: row.day, path: row.page.path, language: project.language, project: project.group, views: row.views }]
      : []
  })
  await db.transaction(async (tx) => {
    const ids = await pageIds(tx, pages)
    for (const grain of STATS_GRAINS) {
      const pageRows = sumByKey(
        pages.map((p) => ({ grain, period: periodOf(grain, p.day), page: ids.get(nameKey(p))!, views: p.views })),
        (r) => `${r.period}\t${String(r.page).padStart(10, '0')}`,
      )
      await addViews(tx, visitPages, [visitPages.grain, visitPages.period, visitPages.page], pageRows)
      const languageRows = sumByKey(
        pages.map((p) => ({ grain, period: periodOf(grain, p.day), language: p.language, views: p.views })),
        (r) => `${r.period}\t${r.language}`,
      )
      await addViews(
        tx,
        visitLanguages,
        [visitLanguages.grain, visitLanguages.period, visitLanguages.language],
        languageRows,
      )
      const sourceRows = sumByKey(
        batch.sources.map((s) => ({
          grain,
          period: periodOf(grain, s.day),
          source: s.source,
          medium: s.medium,
          campaign: s.campaign,
          views: s.views,
        })),
        (r) => `${r.period}\t${r.source}\t${r.medium}\t${r.campaign}`,
      )
      await addViews(
        tx,
        visitSources,
        [visitSources.grain, visitSources.period, visitSources.source, visitSources.medium, visitSources.campaign],
        sourceRows,
      )
    }
  })
}
