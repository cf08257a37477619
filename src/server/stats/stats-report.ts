import { and, between, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { addDays, daysBetween, type StatsRange } from '../../shared/schemas/stats.schema.js'
import { type Rate, STATS_TOP_ROWS, type StatsFigures, type StatsReport } from '../../shared/stats.js'
import type { Db, Executor } from '../db/client.js'
import { enquiries, projects, visitLanguages, visitPageNames, visitPages, visitSources } from '../db/schema.js'
import { countedPage, visitSource } from './visit-source.js'

type StatsTable = typeof visitPages | typeof visitSources | typeof visitLanguages

/**
 * The rows of a table that make up a range: whole months from the monthly rows, the partial
 * months at either end from the daily rows. Two years read ~24 months and ≤ 62 days, not 730 days.
 */
export function rangeRows(table: StatsTable, { from, to }: StatsRange): SQL {
  const firstMonth = from.endsWith('-01') ? from : nextMonth(from)
  const afterLastMonth = to === addDays(nextMonth(to), -1) ? nextMonth(to) : `${to.slice(0, 7)}-01`
  if (firstMonth >= afterLastMonth) return and(eq(table.grain, 'day'), between(table.period, from, to))!
  const parts = [and(eq(table.grain, 'month'), gte(table.period, firstMonth), lt(table.period, afterLastMonth))]
  if (from < firstMonth) parts.push(and(eq(table.grain, 'day'), gte(table.period, from), lt(table.period, firstMonth)))
  if (afterLastMonth <= to) parts.push(and(eq(table.grain, 'day'), between(table.period, afterLastMonth, to)))
  return or(...parts)!
}

function nextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10)
}

const rateOf = (views: number, enquiries: number): Rate =>
  views > 0 ? Math.round((enquiries * 10_000) / views) / 100 : null
const figures = (views: number, enquiries: number): StatsFigures => ({
  views,
  enquiries,
  rate: rateOf(views, enquiries),
})
const byViews = (a: { views: number; enquiries: number }, b: { views: number; enquiries: number }) =>
  b.views - a.views || b.enquiries - a.enquiries
const viewsSum = sql<number>`sum(views)::int`

/** Adds an enquiry to a row found by key, making the row (with no views) when it is not there. */
function tally<R>(rows: Map<string, R & { enquiries: number }>, key: string, make: () => R & { enquiries: number }) {
  const row = rows.get(key) ?? rows.set(key, make()).get(key)!
  row.enquiries++
}

/** The enquiries of the range with what they are counted by (few: read whole, summed here). */
async function enquiriesIn(db: Executor, range: StatsRange) {
  const rows = await db
    .select({
      at: enquiries.createdAt,
      language: enquiries.language,
      pageUrl: enquiries.pageUrl,
      project: projects.groupId,
      utmSource: enquiries.utmSource,
      utmMedium: enquiries.utmMedium,
      utmCampaign: enquiries.utmCampaign,
      gclid: enquiries.gclid,
      fbclid: enquiries.fbclid,
    })
    .from(enquiries)
    .leftJoin(projects, eq(projects.id, enquiries.projectId))
    .where(
      and(
        gte(enquiries.createdAt, new Date(`${range.from}T00:00:00Z`)),
        lt(enquiries.createdAt, new Date(`${addDays(range.to, 1)}T00:00:00Z`)),
      ),
    )
  return rows.map((row) => {
    // The same rule as a view's (visit-source.ts), from the campaign the enquiry carries.
    const query = new URLSearchParams()
    if (row.utmSource) query.set('utm_source', row.utmSource)
    if (row.utmMedium) query.set('utm_medium', row.utmMedium)
    if (row.utmCampaign) query.set('utm_campaign', row.utmCampaign)
    if (row.gclid) query.set('gclid', row.gclid)
    if (row.fbclid) query.set('fbclid', row.fbclid)
    const source = visitSource(`/?${query}`, undefined, () => false)
    let path: string | null = null
    try {
      path = row.pageUrl ? (countedPage(new URL(row.pageUrl).pathname)?.path ?? null) : null
    } catch {}
    return {
      day: row.at.toISOString().slice(0, 10),
      language: row.language ?? '',
      project: row.project,
      path,
      ...source,
    }
  })
}

/**
 * Top pages and top projects from one pass over the range's page counts: summed per page (a
 * number), then named, then the first STATS_TOP_ROWS of each.
 */
async function pagesAndProjects(db: Executor, range: StatsRange) {
  const result = await db.execute<{
    kind: 'page' | 'project'
    path: string
    language: string
    project: string
    views: number
  }>(sql`
    with totals as materialized (
      select ${visitPages.page} as page, sum(${visitPages.views})::int as views
      from ${visitPages} where ${rangeRows(visitPages, range)} group by ${visitPages.page}
    ), named as (
      select n.path, n.language, n.project, t.views from totals t join ${visitPageNames} n on n.id = t.page
    )
    (select 'page' as kind, path, language, project, views from named order by views desc limit ${STATS_TOP_ROWS})
    union all
    (select 'project', '', '', project, sum(views)::int from named where project <> ''
      group by project order by 5 desc limit ${STATS_TOP_ROWS})`)
  const rows = (
    result as unknown as { rows: { kind: string; path: string; language: string; project: string; views: number }[] }
  ).rows
  return {
    pageRows: rows
      .filter((r) => r.kind === 'page')
      .map(({ path, language, project, views }) => ({ path, language, project, views })),
    projectRows: rows.filter((r) => r.kind === 'project').map(({ project, views }) => ({ project, views })),
  }
}

/** GET /api/admin/stats: views and enquiries of a range, by day, page, source, language and project. */
export async function statsReport(db: Db, range: StatsRange): Promise<StatsReport> {
  // One connection, with room to sum a year of pages in memory (the default 4 MB sorts on disk).
  const [dayRows, { pageRows, projectRows }, sourceRows, languageRows, sent] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`)
    return [
      await tx
        .select({ date: visitLanguages.period, views: viewsSum })
        .from(visitLanguages)
        .where(and(eq(visitLanguages.grain, 'day'), between(visitLanguages.period, range.from, range.to)))
        .groupBy(visitLanguages.period),
      await pagesAndProjects(tx, range),
      await tx
        .select({
          source: visitSources.source,
          medium: visitSources.medium,
          campaign: visitSources.campaign,
          views: viewsSum,
        })
        .from(visitSources)
        .where(rangeRows(visitSources, range))
        .groupBy(visitSources.source, visitSources.medium, visitSources.campaign)
        .orderBy(desc(viewsSum))
        .limit(STATS_TOP_ROWS),
      await tx
        .select({ language: visitLanguages.language, views: viewsSum })
        .from(visitLanguages)
        .where(rangeRows(visitLanguages, range))
        .groupBy(visitLanguages.language),
      await enquiriesIn(tx, range),
    ] as const
  })

  const days = new Map<string, { date: string; views: number; enquiries: number }>()
  for (let i = 0, n = daysBetween(range.from, range.to); i < n; i++) {
    const date = addDays(range.from, i)
    days.set(date, { date, views: 0, enquiries: 0 })
  }
  for (const row of dayRows) days.get(row.date)!.views = row.views
  const pages = new Map(pageRows.map((r) => [`${r.path}\t${r.language}`, { ...r, enquiries: 0 }]))
  const sources = new Map(sourceRows.map((r) => [`${r.source}\t${r.medium}\t${r.campaign}`, { ...r, enquiries: 0 }]))
  const languages = new Map(languageRows.map((r) => [r.language, { ...r, enquiries: 0 }]))
  const projectViews = new Map(projectRows.map((r) => [r.project, { ...r, enquiries: 0 }]))
  for (const e of sent) {
    days.get(e.day)!.enquiries++
    if (e.path)
      tally(pages, `${e.path}\t${e.language}`, () => ({
        path: e.path!,
        language: e.language,
        project: e.project ?? '',
        views: 0,
        enquiries: 0,
      }))
    tally(sources, `${e.source}\t${e.medium}\t${e.campaign}`, () => ({
      source: e.source,
      medium: e.medium,
      campaign: e.campaign,
      views: 0,
      enquiries: 0,
    }))
    tally(languages, e.language, () => ({ language: e.language, views: 0, enquiries: 0 }))
    if (e.project) tally(projectViews, e.project, () => ({ project: e.project!, views: 0, enquiries: 0 }))
  }
  const titles = await projectTitles(db, [...projectViews.keys()])
  const withRate = <R extends { views: number; enquiries: number }>(rows: Iterable<R>) =>
    [...rows]
      .sort(byViews)
      .slice(0, STATS_TOP_ROWS)
      .map((r) => ({ ...r, rate: rateOf(r.views, r.enquiries) }))
  const totalViews = dayRows.reduce((sum, r) => sum + r.views, 0)
  return {
    from: range.from,
    to: range.to,
    totals: figures(totalViews, sent.length),
    days: [...days.values()],
    pages: withRate(pages.values()),
    sources: withRate(sources.values()),
    languages: withRate(languages.values()),
    projects: withRate([...projectViews.values()].map((r) => ({ ...r, title: titles.get(r.project) ?? '(deleted)' }))),
  }
}

/** Projects' titles by group id (the original's row has the group's id). */
async function projectTitles(db: Db, groups: string[]): Promise<Map<string, string>> {
  const ids = groups.filter((g) => /^[0-9a-f-]{36}$/i.test(g))
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(inArray(projects.id, ids))
  return new Map(rows.map((r) => [r.id, r.title]))
}
