import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { AttentionItem } from '../../shared/stats.js'
import type { Db } from '../db/client.js'
import { languages, translationJobItems, translationJobs } from '../db/schema.js'

/** How long a finished job stays on the dashboard (decision 149): a week, read or not. */
const SHOWN_FOR = sql`interval '7 days'`
/** The newest few; older ones are on the Translation jobs screen. */
const SHOWN = 5

/**
 * Translation jobs that finished in the last seven days (issue 41, item 4), one line each with
 * what was done and what failed, newest first. Not a count of waiting things: a finished job is
 * news, so each one is a line that says which language it was.
 */
export async function finishedTranslationJobs(db: Db, only?: readonly string[]): Promise<AttentionItem[]> {
  const jobs = await db
    .select({ id: translationJobs.id, language: translationJobs.language, name: languages.name })
    .from(translationJobs)
    .innerJoin(languages, eq(languages.code, translationJobs.language))
    .where(
      and(
        eq(translationJobs.state, 'finished'),
        only ? inArray(translationJobs.language, [...only]) : undefined,
        gt(translationJobs.finishedAt, sql`now() - ${SHOWN_FOR}`),
        // A job that had nothing to do finished the moment it was made: not news.
        sql`exists (select 1 from ${translationJobItems} where ${translationJobItems.jobId} = ${translationJobs.id})`,
      ),
    )
    .orderBy(desc(translationJobs.finishedAt), desc(translationJobs.id))
    .limit(SHOWN)
  if (jobs.length === 0) return []
  const counts = await db
    .select({ jobId: translationJobItems.jobId, state: translationJobItems.state, n: sql<number>`count(*)` })
    .from(translationJobItems)
    .where(
      inArray(
        translationJobItems.jobId,
        jobs.map((job) => job.id),
      ),
    )
    .groupBy(translationJobItems.jobId, translationJobItems.state)
  const countOf = (jobId: string, state: 'done' | 'failed') =>
    Number(counts.find((row) => row.jobId === jobId && row.state === state)?.n ?? 0)
  return jobs.map((job) => ({
    kind: 'translation-job-finished',
    count: 1,
    label: `Translation job into ${job.name} finished: ${countOf(job.id, 'done')} done, ${countOf(job.id, 'failed')} failed`,
    href: '/admin/translation-jobs',
  }))
}
