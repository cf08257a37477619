import { inArray } from 'drizzle-orm'
import { addDays, daysBetween, type StatsRange } from '../../shared/schemas/stats.schema.js'
import { type Rate, STATS_TOP_ROWS, type StatsFigures, type StatsReport, type WonFigures } from '../../shared/stats.js'
import type { Db, Executor } from '../db/client.js'
import { projects } from '../db/schema.js'
import { countsOf, enquiriesQuery } from './stats-queries.js'
import { countedPage, visitSource } from './visit-source.js'
import { responseTimes } from './response-times.js'

const rateOf = (views: number, enquiries: number): Rate =>
  views > 0 ? Math.round((enquiries * 10_000) / views) / 100 : null
const figures = (views: number, enquiries: number): StatsFigures => ({
  views,
  enquiries,
  rate: rateOf(views, enquiries),
})
const byViews = (a: { views: number; enquiries: number }, b: { views: number; enquiries: number }) =>
  b.views - a.views || b.enquiries - a.enquiries

/** Adds an enquiry to a row found by key, making the row (with no views) when it is not there. */
function tally<R>(rows: Map<string, R & { enquiries: number }>, key: string, make: () => R & { enquiries: number }) {
  const row = rows.get(key) ?? rows.set(key, make()).get(key)!
  row.enquiries++
  return row
}

const noneWon = (): WonFigures => ({ won: 0, wonValue: 0 })
function addWon(row: WonFigures, enquiry: WonFigures) {
  row.won += enquiry.won
  row.wonValue += enquiry.wonValue
}

/** The enquiries of the range with what they are counted by (few: read whole, summed here). */
async function enquiriesIn(db: Executor, range: StatsRange) {
  const rows = await enquiriesQuery(db, range)
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
      at: row.at,
      firstResponseAt: row.firstResponseAt,
      ownerId: row.ownerId,
      // Won now (issue 42): the sale the visit led to, and its value.
      won: row.stage === 'won' ? 1 : 0,
      wonValue: row.stage === 'won' ? (row.value ?? 0) : 0,
      day: row.at.toISOString().slice(0, 10),
      language: row.language ?? '',
      project: row.project,
      path,
      ...source,
    }
  })
}

/** GET /api/admin/stats: views and enquiries of a range, by day, page, source, language and project. */
export async function statsReport(db: Db, range: StatsRange): Promise<StatsReport> {
  // Each count query reads the coarsest periods the range covers (decision 114); on PostgreSQL
  // they run at once on the pool's connections.
  const [{ dayRows, pageRows, projectRows, sourceRows, languageRows }, sent] = await Promise.all([
    countsOf(db, range),
    enquiriesIn(db, range),
  ])

  const days = new Map<string, { date: string; views: number; enquiries: number }>()
  for (let i = 0, n = daysBetween(range.from, range.to); i < n; i++) {
    const date = addDays(range.from, i)
    days.set(date, { date, views: 0, enquiries: 0 })
  }
  for (const row of dayRows) days.get(row.date)!.views = row.views
  const pages = new Map(pageRows.map((r) => [`${r.path}\t${r.language}`, { ...r, enquiries: 0 }]))
  const sources = new Map(
    sourceRows.map((r) => [`${r.source}\t${r.medium}\t${r.campaign}`, { ...r, enquiries: 0, ...noneWon() }]),
  )
  const languages = new Map(languageRows.map((r) => [r.language, { ...r, enquiries: 0 }]))
  const projectViews = new Map(projectRows.map((r) => [r.project, { ...r, enquiries: 0, ...noneWon() }]))
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
    const source = tally(sources, `${e.source}\t${e.medium}\t${e.campaign}`, () => ({
      source: e.source,
      medium: e.medium,
      campaign: e.campaign,
      views: 0,
      enquiries: 0,
      ...noneWon(),
    }))
    addWon(source, e)
    tally(languages, e.language, () => ({ language: e.language, views: 0, enquiries: 0 }))
    if (e.project)
      addWon(
        tally(projectViews, e.project, () => ({ project: e.project!, views: 0, enquiries: 0, ...noneWon() })),
        e,
      )
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
    response: await responseTimes(db, sent),
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
