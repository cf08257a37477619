import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Executor } from '../../db/client.js'
import type { ContentKind } from '../../db/schema.js'
import { translationJobItems, translationJobs } from '../../db/schema.js'
import { backgroundLoop, inMs } from '../../background-loop.js'
import type { ServiceContext } from '../../services/context.js'
import { glossaryOf } from '../glossary.js'
import { type MachineSetup, writeTranslationDraft } from '../machine-fill.js'
import { exactMatches } from '../memory.js'
import { protect, restore } from '../placeholders.js'
import { ProviderError } from '../providers/provider.js'
import { joinText, splitText } from '../segments.js'
import { CapReachedError, checkCap, countCharacters } from '../usage.js'
import { jobRecords } from './job-records.js'
import { finishIfComplete, type JobRow } from './jobs.js'

type ItemRow = typeof translationJobItems.$inferSelect

export interface MachineJobRunnerOptions {
  ctx: ServiceContext
  setup: MachineSetup
  /** How long a claim lasts; another instance takes the items over after that. */
  leaseMs?: number
  /** Segments claimed (and sent to the provider) at once. */
  batchSize?: number
  /** The longest wait between looks (a paused job is tried again after it). */
  pollMs?: number
}

/**
 * Machine jobs in the background (issue 41, item 4; decision 149). Items are claimed like the
 * outbox's deliveries (FOR UPDATE SKIP LOCKED and a lease), so each instance takes its own. A
 * segment's machine text is stored on its item as soon as the provider answers, before anything
 * else: after a restart or a SIGKILL it is never sent again. A record is written when every one
 * of its items has its text, and its items are marked done in that write's transaction, so
 * nothing is applied or counted twice. The monthly cap pauses the job with the message; it is
 * tried again every poll and goes on once there is room.
 */
export function createMachineJobRunner(options: MachineJobRunnerOptions) {
  const { ctx, setup } = options
  const leaseMs = options.leaseMs ?? 120_000
  const batchSize = options.batchSize ?? 20
  // Looks again within a lease: sentences a dead instance held are taken over when it runs out.
  const pollMs = options.pollMs ?? Math.min(leaseMs, 30_000)

  async function dueJobs(): Promise<JobRow[]> {
    return ctx.db
      .select()
      .from(translationJobs)
      .where(
        and(
          eq(translationJobs.method, 'machine'),
          inArray(translationJobs.state, ['running', 'paused']),
          or(isNull(translationJobs.resumeAt), lte(translationJobs.resumeAt, sql`now()`)),
        ),
      )
      .orderBy(asc(translationJobs.createdAt))
  }

  /** Untranslated items of the job nobody holds, now held by this instance. */
  async function claim(jobId: string): Promise<ItemRow[]> {
    const free = ctx.db
      .select({ id: translationJobItems.id })
      .from(translationJobItems)
      .where(
        and(
          eq(translationJobItems.jobId, jobId),
          eq(translationJobItems.state, 'pending'),
          isNull(translationJobItems.target),
          or(isNull(translationJobItems.leaseUntil), lt(translationJobItems.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(
        asc(translationJobItems.kind),
        asc(translationJobItems.recordId),
        asc(translationJobItems.field),
        asc(translationJobItems.segment),
      )
      .limit(batchSize)
      .for('update', { skipLocked: true })
    return ctx.db
      .update(translationJobItems)
      .set({ leaseUntil: inMs(leaseMs), leaseToken: randomUUID() })
      .where(inArray(translationJobItems.id, free))
      .returning()
  }

  async function release(items: ItemRow[]) {
    if (items.length === 0) return
    await ctx.db
      .update(translationJobItems)
      .set({ leaseUntil: null, leaseToken: null })
      .where(
        and(
          inArray(
            translationJobItems.id,
            items.map((i) => i.id),
          ),
          eq(translationJobItems.leaseToken, items[0]!.leaseToken!),
        ),
      )
  }

  async function pause(job: JobRow, state: 'running' | 'paused', message: string, waitMs: number) {
    await ctx.db
      .update(translationJobs)
      .set({ state, message, resumeAt: new Date(Date.now() + waitMs) })
      .where(and(eq(translationJobs.id, job.id), inArray(translationJobs.state, ['running', 'paused'])))
  }

  /** Memory first, then the provider for the rest; each answer stored on its item at once. */
  async function translate(job: JobRow, items: ItemRow[]) {
    const provider = setup.provider!
    const pair = { source: job.sourceLanguage, target: job.language }
    const memory = await exactMatches(
      ctx.db,
      pair,
      items.map((i) => i.source),
    )
    const glossary = await glossaryOf(ctx.db, pair)
    const send = items
      .filter((i) => !memory.has(i.source))
      .map((item) => ({ item, text: protect(item.source, provider.nativeGlossary ? [] : glossary) }))
    const characters = send.reduce((sum, s) => sum + s.text.markup.length, 0)
    await checkCap(ctx.db, setup.monthlyLimit, characters)
    let answers: string[] = []
    if (send.length > 0) {
      try {
        answers = await provider.translate(
          send.map((s) => s.text.markup),
          { ...pair, glossary },
        )
      } finally {
        await countCharacters(ctx.db, provider.name, characters)
      }
      if (answers.length !== send.length) throw new ProviderError(`${provider.name} answered the wrong number of texts`)
    }
    await ctx.db.transaction(async (tx) => {
      const mine = (item: ItemRow) =>
        and(eq(translationJobItems.id, item.id), eq(translationJobItems.leaseToken, item.leaseToken!))
      for (const item of items) {
        const hit = memory.get(item.source)
        if (hit !== undefined) await tx.update(translationJobItems).set({ target: hit }).where(mine(item))
      }
      for (const [i, { item, text }] of send.entries()) {
        const back = restore(answers[i]!, text)
        await tx
          .update(translationJobItems)
          .set(back.ok ? { target: back.text } : { state: 'failed', error: back.reason, doneAt: new Date() })
          .where(mine(item))
      }
    })
  }

  /** Writes a record whose items all have their text (or failed): its fields whole, in one draft write. */
  async function applyRecord(job: JobRow, kind: ContentKind, recordId: string) {
    const items = await ctx.db
      .select()
      .from(translationJobItems)
      .where(
        and(
          eq(translationJobItems.jobId, job.id),
          eq(translationJobItems.kind, kind),
          eq(translationJobItems.recordId, recordId),
        ),
      )
    if (items.some((i) => i.state === 'pending' && i.target === null)) return
    const waiting = items.filter((i) => i.state === 'pending')
    if (waiting.length === 0) return
    const [record] = await jobRecords(ctx.db, { language: job.language, kinds: [kind], ids: [recordId] })
    const values: Record<string, string> = {}
    const failedFields = new Set(items.filter((i) => i.state === 'failed').map((i) => i.field))
    for (const field of new Set(waiting.map((i) => i.field))) {
      const source = record?.fields.find((f) => f.id === field)?.source
      const fieldItems = items.filter((i) => i.field === field).sort((a, b) => a.segment - b.segment)
      const split = source === undefined ? null : splitText(source)
      // A field whose source changed since the job was made, or with a refused sentence, is left as it was.
      if (
        !split ||
        failedFields.has(field) ||
        split.segments.map((s) => s.text).join('\u0000') !== fieldItems.map((i) => i.source).join('\u0000')
      )
        continue
      values[field] = joinText(
        split,
        fieldItems.map((i) => i.target!),
      )
    }
    const markDone = async (tx: Executor) => {
      await tx
        .update(translationJobItems)
        .set({ state: 'done', doneAt: new Date(), leaseUntil: null, leaseToken: null })
        .where(
          and(
            inArray(
              translationJobItems.id,
              waiting.map((i) => i.id),
            ),
            eq(translationJobItems.state, 'pending'),
          ),
        )
      await finishIfComplete(tx, job.id)
    }
    const actor = { id: job.createdById, username: job.createdBy, ip: null }
    if (!record || Object.keys(values).length === 0) await ctx.db.transaction(markDone)
    else
      await writeTranslationDraft(
        { ...ctx, actor },
        {
          kind,
          id: recordId,
          language: job.language,
          fields: new Map(Object.entries(values)),
          by: 'machine',
          provider: setup.provider!.name,
          then: markDone,
        },
      )
  }

  /** Records with every item translated but not yet written (also after a crash between the two). */
  async function applyReady(job: JobRow) {
    const ready = await ctx.db
      .selectDistinct({ kind: translationJobItems.kind, recordId: translationJobItems.recordId })
      .from(translationJobItems)
      .where(
        and(
          eq(translationJobItems.jobId, job.id),
          eq(translationJobItems.state, 'pending'),
          isNotNull(translationJobItems.target),
        ),
      )
    for (const { kind, recordId } of ready) await applyRecord(job, kind, recordId)
    await ctx.db.transaction((tx) => finishIfComplete(tx, job.id))
  }

  async function runJob(job: JobRow) {
    if (!setup.provider) return pause(job, 'paused', 'No machine translation provider is set up', pollMs)
    if (job.state === 'paused' || job.message)
      await ctx.db
        .update(translationJobs)
        .set({ state: 'running', message: null, resumeAt: null })
        .where(eq(translationJobs.id, job.id))
    await applyReady(job)
    while (loop.running()) {
      const [current] = await ctx.db
        .select({ state: translationJobs.state })
        .from(translationJobs)
        .where(eq(translationJobs.id, job.id))
      if (current?.state !== 'running') return
      const items = await claim(job.id)
      if (items.length === 0) return applyReady(job)
      try {
        await translate(job, items)
      } catch (error) {
        await release(items)
        if (error instanceof CapReachedError) return pause(job, 'paused', error.message, pollMs)
        if (error instanceof ProviderError) {
          const wait = error.retryAfter ? Number(error.retryAfter) * 1000 : pollMs
          return pause(job, 'running', error.message, Number.isFinite(wait) ? wait : pollMs)
        }
        throw error
      }
      for (const recordId of new Set(items.map((i) => `${i.kind} ${i.recordId}`))) {
        const [kind, id] = recordId.split(' ') as [ContentKind, string]
        await applyRecord(job, kind, id)
      }
    }
  }

  async function work(running: () => boolean) {
    for (const job of await dueJobs()) {
      if (!running()) return
      await runJob(job)
    }
  }

  const loop = backgroundLoop({
    name: 'machine translation job',
    log: ctx.log,
    work,
    pollMs,
  })
  return { wake: loop.wake, start: loop.start, stop: loop.stop }
}

export type MachineJobRunner = ReturnType<typeof createMachineJobRunner>
