import { and, between, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import { addDays, type StatsRange } from '../../shared/schemas/stats.schema.js'
import { STATS_TOP_ROWS } from '../../shared/stats.js'
import type { Executor } from '../db/client.js'
import { selectRows } from '../db/select-rows.js'
import { enquiries, projects, visitLanguages } from '../db/schema.js'
import { rangeParts } from './stats-periods.js'

type CountTable = 'visit_pages' | 'visit_sources' | 'visit_languages'

/**
 * The rows of a count table that make up a range (decision 114): one simple `grain = … and period
 * between …` per part, joined by `union all`, so each part is one range of the primary key (with an
 * `or`, PostgreSQL ORed a bitmap per part and rechecked every row against the whole condition).
 */
export function rangeRows(table: CountTable, columns: string, range: StatsRange): SQL {
  const parts = rangeParts(range.from, range.to).map(
    (part) =>
      sql`select ${sql.raw(columns)} from ${sql.identifier(table)}
      where grain = ${part.grain} and period between ${part.first} and ${part.last}`,
  )
  return sql.join(parts, sql` union all `)
}

export type PageRow = { path: string; language: string; project: string; views: number }
export type SourceRow = { source: string; medium: string; campaign: string; views: number }
export type LanguageRow = { language: string; views: number }

/**
 * The range's top pages and top projects from one pass over its page counts: summed per page (a
 * number), the first STATS_TOP_ROWS pages named, and every page's sum added up by its project.
 * `kind` tells the two apart. Only the sums are kept between the two (not the names: a
 * materialized table of 10,000 named rows cost more than the sums themselves).
 */
export const topPagesQuery = (range: StatsRange) => sql`
  with totals as materialized (
    select page, sum(views)::int as views from (${rangeRows('visit_pages', 'page, views', range)}) r group by page
  )
  (select 'page' as kind, n.path, n.language, n.project, t.views
    from (select page, views from totals order by views desc, page limit ${STATS_TOP_ROWS}) t
    join visit_page_names n on n.id = t.page order by t.views desc, t.page)
  union all
  (select 'project', '', '', n.project, sum(t.views)::int from totals t join visit_page_names n on n.id = t.page
    where n.project <> '' group by n.project order by 5 desc, n.project limit ${STATS_TOP_ROWS})`

export const topSourcesQuery = (range: StatsRange) => sql`
  select source, medium, campaign, sum(views)::int as views
  from (${rangeRows('visit_sources', 'source, medium, campaign, views', range)}) r
  group by source, medium, campaign order by views desc, source, medium, campaign limit ${STATS_TOP_ROWS}`

export const languagesQuery = (range: StatsRange) => sql`
  select language, sum(views)::int as views from (${rangeRows('visit_languages', 'language, views', range)}) r
  group by language order by views desc, language`

/** The views of each day of the range that has any (few rows: one per day and language). */
export function dayViewsQuery(db: Executor, range: StatsRange) {
  return db
    .select({ date: visitLanguages.period, views: sql<number>`sum(views)::int` })
    .from(visitLanguages)
    .where(and(eq(visitLanguages.grain, 'day'), between(visitLanguages.period, range.from, range.to)))
    .groupBy(visitLanguages.period)
}

/** The enquiries of the range with what they are counted by (few: read whole, summed by the report). */
export function enquiriesQuery(db: Executor, range: StatsRange) {
  return db
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
      // Issue 42: what became of it.
      stage: enquiries.stage,
      value: enquiries.value,
      ownerId: enquiries.ownerId,
      firstResponseAt: enquiries.firstResponseAt,
    })
    .from(enquiries)
    .leftJoin(projects, eq(projects.id, enquiries.projectId))
    .where(
      and(
        gte(enquiries.createdAt, new Date(`${range.from}T00:00:00Z`)),
        lt(enquiries.createdAt, new Date(`${addDays(range.to, 1)}T00:00:00Z`)),
      ),
    )
}

/** Every query of a report, as SQL (bench/stats-explain.ts times and explains each). */
export function reportQueries(db: Executor, range: StatsRange): Record<string, SQL> {
  return {
    days: dayViewsQuery(db, range).getSQL(),
    pages: topPagesQuery(range),
    sources: topSourcesQuery(range),
    languages: languagesQuery(range),
    enquiries: enquiriesQuery(db, range).getSQL(),
  }
}

/** The count queries of a report, run at once (on PostgreSQL each may take a connection of the pool). */
export async function countsOf(db: Executor, range: StatsRange) {
  const [dayRows, pagesAndProjects, sourceRows, languageRows] = await Promise.all([
    dayViewsQuery(db, range),
    selectRows<PageRow & { kind: 'page' | 'project' }>(db, topPagesQuery(range)),
    selectRows<SourceRow>(db, topSourcesQuery(range)),
    selectRows<LanguageRow>(db, languagesQuery(range)),
  ])
  return {
    dayRows,
    pageRows: pagesAndProjects
      .filter((r) => r.kind === 'page')
      .map(({ path, language, project, views }) => ({ path, language, project, views })),
    projectRows: pagesAndProjects.filter((r) => r.kind === 'project').map(({ project, views }) => ({ project, views })),
    sourceRows,
    languageRows,
  }
}
