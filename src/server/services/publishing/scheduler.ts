import { eq } from 'drizzle-orm'
import { backgroundLoop, msUntilDue, repeatEvery } from '../../background-loop.js'
import { publishSchedules } from '../../db/schema.js'
import { HttpError } from '../../errors.js'
import type { ServiceContext } from '../context.js'
import { recordKind } from './record-kinds.js'
import { publishRecord, unpublishRecord } from './record-writes.js'
import { pageScheduleFailed, publishPageLanguage, unpublishPageLanguage } from './page-texts.js'
import { claimDue, failSchedule, type ScheduleRow } from './schedule-rows.js'
import { pruneOldVersions } from './versions.js'
import { purgeExpiredTrash } from './trash.js'

export interface PublishSchedulerOptions {
  /** The server's own context (SYSTEM_ACTOR): scheduled runs are the server's changes. */
  ctx: ServiceContext
  /** How long a claimed schedule is held; another instance takes it over after that. */
  leaseMs?: number
  /** The longest wait between looks (a schedule added on another instance is found within it). */
  pollMs?: number
  /** How often old versions are pruned and the trash emptied. */
  housekeepingMs?: number
}

/**
 * Runs due publishes and unpublishes (decision 083). Every instance runs one; each due row is
 * claimed once (FOR UPDATE SKIP LOCKED and a lease) and marked done in the change's own
 * transaction, so it runs exactly once even if two instances raced or a lease ran out. One due
 * while every server was down runs at start. A failure is recorded on the schedule and shown on
 * the record (scheduleError).
 */
export function createPublishScheduler(options: PublishSchedulerOptions) {
  const { ctx } = options
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 5_000
  const housekeepingMs = options.housekeepingMs ?? 60 * 60 * 1000
  let stopHousekeeping = () => {}

  async function run(row: ScheduleRow) {
    const claim = { id: row.id, leaseToken: row.leaseToken! }
    try {
      if (row.kind === 'translation-page') {
        if (row.action === 'publish') await publishPageLanguage(ctx, row.recordId, row.language, claim)
        else await unpublishPageLanguage(ctx, row.recordId, row.language, claim)
      } else {
        const kind = recordKind(row.kind)
        if (row.action === 'publish') await publishRecord(ctx, kind, row.recordId, claim)
        else await unpublishRecord(ctx, kind, row.recordId, claim)
      }
    } catch (error) {
      const message = error instanceof HttpError ? error.message : 'The scheduled change failed; see the server log'
      ctx.log.warn({ err: error, schedule: row.id, kind: row.kind, record: row.recordId }, 'scheduled change failed')
      await ctx.db.transaction(async (tx) => {
        if (!(await failSchedule(tx, claim, message))) return
        if (row.kind === 'translation-page') await pageScheduleFailed(tx, row.recordId, row.language, message)
        else {
          const { table } = recordKind(row.kind)
          await tx.update(table).set({ scheduleError: message }).where(eq(table.id, row.recordId))
        }
      })
    }
  }

  async function runDue(running: () => boolean) {
    while (running()) {
      const claimed = await claimDue(ctx.db, leaseMs, 10)
      if (claimed.length === 0) return
      for (const row of claimed) if (running()) await run(row)
    }
  }

  const loop = backgroundLoop({
    name: 'publish scheduler',
    log: ctx.log,
    work: runDue,
    nextInMs: () =>
      msUntilDue(ctx.db, {
        table: publishSchedules,
        due: publishSchedules.runAt,
        leaseUntil: publishSchedules.leaseUntil,
        where: eq(publishSchedules.status, 'pending'),
      }),
    pollMs,
  })

  async function housekeeping() {
    const versions = await pruneOldVersions(ctx.db, ctx.publishing.versions.maxDays)
    const purged = await purgeExpiredTrash(ctx)
    if (versions || purged) ctx.log.info({ versions, purged }, 'pruned old versions and emptied the trash')
  }

  return {
    wake: loop.wake,
    housekeeping,
    start() {
      loop.start()
      stopHousekeeping = repeatEvery(housekeepingMs, housekeeping, (error) =>
        ctx.log.warn({ err: error }, 'publishing housekeeping failed'),
      )
    },
    async stop() {
      stopHousekeeping()
      await loop.stop()
    },
  }
}
export type PublishScheduler = ReturnType<typeof createPublishScheduler>
