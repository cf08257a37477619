import { claimDueRows } from '../../background-loop.js'
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { type ContentKind, publishSchedules } from '../../db/schema.js'
import type { Actor } from '../actor.js'
import { ofRecordRef, type RecordRef } from './record-ref.js'

export type ScheduleRow = typeof publishSchedules.$inferSelect
export type ScheduleAction = 'publish' | 'unpublish'

export type ScheduleTarget = RecordRef

/** A schedule this instance holds: its run is the one that may mark it done. */
export interface ScheduleClaim {
  id: string
  leaseToken: string
}

const ofTarget = (target: ScheduleTarget) => ofRecordRef(publishSchedules, target)

/** A new pending schedule replaces the pending one of the same action. */
export async function addSchedule(
  tx: Executor,
  actor: Actor,
  target: ScheduleTarget,
  action: ScheduleAction,
  runAt: Date,
): Promise<void> {
  await cancelPending(tx, target, action)
  await tx.insert(publishSchedules).values({
    id: randomUUID(),
    ...target,
    action,
    runAt,
    actorId: actor.id,
    actorName: actor.username,
  })
}

/** Cancels the target's pending schedules (of one action, or all). Answers how many. */
export async function cancelPending(tx: Executor, target: ScheduleTarget, action?: ScheduleAction): Promise<number> {
  const cancelled = await tx
    .update(publishSchedules)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(
      and(
        ofTarget(target),
        eq(publishSchedules.status, 'pending'),
        action ? eq(publishSchedules.action, action) : undefined,
      ),
    )
    .returning({ id: publishSchedules.id })
  return cancelled.length
}

/** Every pending schedule of some records (a trash or a purge). */
export async function cancelPendingOf(tx: Executor, kind: ContentKind, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return
  await tx
    .update(publishSchedules)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(
      and(
        eq(publishSchedules.kind, kind),
        inArray(publishSchedules.recordId, recordIds),
        eq(publishSchedules.status, 'pending'),
      ),
    )
}

/** Ends the claimed schedule with `outcome`, if it still is pending and still ours. */
async function endClaim(
  db: Executor,
  claim: ScheduleClaim,
  outcome: { status: 'done' } | { status: 'failed'; lastError: string },
): Promise<boolean> {
  const [ended] = await db
    .update(publishSchedules)
    .set({ ...outcome, finishedAt: sql`now()`, leaseUntil: null })
    .where(
      and(
        eq(publishSchedules.id, claim.id),
        eq(publishSchedules.status, 'pending'),
        eq(publishSchedules.leaseToken, claim.leaseToken),
      ),
    )
    .returning({ id: publishSchedules.id })
  return ended !== undefined
}

/**
 * In the run's own transaction: marks the claimed schedule done, if it still is pending and
 * still ours. False means another instance ran it (or it was cancelled): the run changes nothing.
 */
export const settleClaim = (tx: Executor, claim: ScheduleClaim) => endClaim(tx, claim, { status: 'done' })

/** Due schedules nobody holds, now held by this instance for `leaseMs` (once across instances). */
export const claimDue = (db: Db, leaseMs: number, batch: number): Promise<ScheduleRow[]> =>
  claimDueRows(db, publishSchedules, { due: publishSchedules.runAt, limit: batch, leaseMs })

/** A run that failed: recorded on the schedule (the record shows it as scheduleError). */
export const failSchedule = (db: Executor, claim: ScheduleClaim, message: string) =>
  endClaim(db, claim, { status: 'failed', lastError: message.slice(0, 500) })
