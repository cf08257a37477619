import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { TranslationJob, TranslationJobInput } from '../../../shared/schemas/translation-job.schema.js'
import type { Executor } from '../../db/client.js'
import { translationJobItems, translationJobs } from '../../db/schema.js'
import { badRequest, conflict, notFound } from '../../errors.js'
import { enforce, type Person, policy } from '../../services/access-policy.js'
import { appendAudit } from '../../services/audit-log.js'
import type { ServiceContext } from '../../services/context.js'
import { languageExists } from '../../services/languages.js'
import { unitsNeeded } from './job-scope.js'

export type JobRow = typeof translationJobs.$inferSelect

export const JOB_NOT_FOUND = 'Translation job not found'
// Inserted in slices: one statement's parameters stay far below PostgreSQL's 65,535.
const INSERT_SLICE = 1000

/** A translator works in their languages only: a job is theirs to see and use when its language is. */
export function enforceJobLanguage(person: Person, language: string): void {
  enforce(policy.saveDraft(person, { kind: 'translation-page', language, original: false }))
}

/** Items counted by state: progress always comes from the rows, never from a counter beside them. */
async function countsOf(db: Executor, jobIds: string[]) {
  const rows =
    jobIds.length === 0
      ? []
      : await db
          .select({
            jobId: translationJobItems.jobId,
            state: translationJobItems.state,
            n: count(),
            records: sql<number>`count(distinct ${translationJobItems.recordId})`,
          })
          .from(translationJobItems)
          .where(inArray(translationJobItems.jobId, jobIds))
          .groupBy(translationJobItems.jobId, translationJobItems.state)
  const counts = new Map<string, { total: number; done: number; failed: number; records: number }>()
  for (const row of rows) {
    const entry = counts.get(row.jobId) ?? { total: 0, done: 0, failed: 0, records: 0 }
    entry.total += Number(row.n)
    if (row.state === 'done') entry.done += Number(row.n)
    if (row.state === 'failed') entry.failed += Number(row.n)
    entry.records = Math.max(entry.records, Number(row.records))
    counts.set(row.jobId, entry)
  }
  return counts
}

function toJob(row: JobRow, counts = { total: 0, done: 0, failed: 0, records: 0 }): TranslationJob {
  return {
    _id: row.id,
    language: row.language,
    sourceLanguage: row.sourceLanguage,
    scope: row.scope,
    method: row.method,
    state: row.state,
    message: row.message,
    ...counts,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

export async function findJob(db: Executor, id: string): Promise<JobRow> {
  const [row] = await db.select().from(translationJobs).where(eq(translationJobs.id, id))
  if (!row) throw notFound(JOB_NOT_FOUND)
  return row
}

/** A job as the API answers it; 404 for one the person may not see (another language's). */
export async function getJob(db: Executor, person: Person, id: string): Promise<TranslationJob> {
  const row = await findJob(db, id)
  enforceJobLanguage(person, row.language)
  return toJob(row, (await countsOf(db, [id])).get(id))
}

/** Newest first; a translator sees their languages' jobs. */
export async function listJobs(db: Executor, person: Person): Promise<TranslationJob[]> {
  const rows = await db
    .select()
    .from(translationJobs)
    .where(person.role === 'translator' ? inArray(translationJobs.language, [...person.languages, '']) : undefined)
    .orderBy(desc(translationJobs.createdAt), desc(translationJobs.id))
    .limit(200)
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toJob(row, counts.get(row.id)))
}

/**
 * Lists every segment the scope needs in the language and stores the job with them, in one
 * transaction: the job's items are what it promised, whatever changes later.
 */
export async function createJob(ctx: ServiceContext, person: Person, input: TranslationJobInput) {
  const { language } = input
  if (language === BASE_LANGUAGE) throw badRequest('Jobs translate from the base language into another one', 'language')
  if (!(await languageExists(ctx.db, language))) throw badRequest(`Unknown language "${language}"`, 'language')
  enforceJobLanguage(person, language)
  const units = await unitsNeeded(ctx.db, { language, scope: input.scope, kinds: input.kinds, ids: input.ids })
  const id = randomUUID()
  await ctx.db.transaction(async (tx) => {
    await tx.insert(translationJobs).values({
      id,
      language,
      sourceLanguage: BASE_LANGUAGE,
      scope: input.scope,
      method: input.method,
      state: input.method === 'machine' ? 'running' : 'open',
      createdBy: ctx.actor.username,
      createdById: ctx.actor.id,
      // A job with nothing to do is done the moment it is made.
      finishedAt: units.length === 0 ? new Date() : null,
    })
    if (units.length === 0)
      await tx.update(translationJobs).set({ state: 'finished' }).where(eq(translationJobs.id, id))
    for (let at = 0; at < units.length; at += INSERT_SLICE) {
      await tx
        .insert(translationJobItems)
        .values(units.slice(at, at + INSERT_SLICE).map((unit) => ({ id: randomUUID(), jobId: id, ...unit })))
    }
    await appendAudit(tx, ctx.actor, {
      action: 'create',
      kind: 'translation-job',
      recordId: id,
      recordLabel: `${input.method === 'xliff' ? 'XLIFF' : 'Machine'} job: ${input.scope} into ${language}`,
      language,
      changes: {
        scope: { from: null, to: input.scope },
        method: { from: null, to: input.method },
        segments: { from: null, to: units.length },
      },
    })
  })
  return getJob(ctx.db, person, id)
}

/** Cancels a job that has not finished: its remaining items are left undone, what was applied stays. */
export async function cancelJob(ctx: ServiceContext, person: Person, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(translationJobs).where(eq(translationJobs.id, id)).for('update')
    if (!row) throw notFound(JOB_NOT_FOUND)
    enforceJobLanguage(person, row.language)
    if (row.state === 'finished' || row.state === 'cancelled')
      throw conflict(`This job is ${row.state === 'finished' ? 'finished' : 'already cancelled'}`)
    await tx
      .update(translationJobs)
      .set({ state: 'cancelled', finishedAt: new Date(), message: null })
      .where(eq(translationJobs.id, id))
    // Leases of a machine run are given up: its instance sees the state and stops.
    await tx
      .update(translationJobItems)
      .set({ leaseUntil: null, leaseToken: null })
      .where(and(eq(translationJobItems.jobId, id), eq(translationJobItems.state, 'pending')))
    await appendAudit(tx, ctx.actor, {
      action: 'cancel',
      kind: 'translation-job',
      recordId: id,
      recordLabel: `${row.method === 'xliff' ? 'XLIFF' : 'Machine'} job: ${row.scope} into ${row.language}`,
      language: row.language,
      changes: { state: { from: row.state, to: 'cancelled' } },
    })
  })
  return getJob(ctx.db, person, id)
}

/** Finishes a job whose items are all done or failed (called after each applied batch). */
export async function finishIfComplete(tx: Executor, jobId: string): Promise<void> {
  const [left] = await tx
    .select({ n: count() })
    .from(translationJobItems)
    .where(and(eq(translationJobItems.jobId, jobId), eq(translationJobItems.state, 'pending')))
  if (Number(left?.n ?? 0) > 0) return
  await tx
    .update(translationJobs)
    .set({ state: 'finished', finishedAt: new Date(), message: null })
    .where(and(eq(translationJobs.id, jobId), inArray(translationJobs.state, ['open', 'running', 'paused'])))
}
