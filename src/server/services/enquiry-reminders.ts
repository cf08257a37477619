import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import { CLOSED_STAGES } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { Db } from '../db/client.js'
import { enquiries } from '../db/schema.js'
import { backgroundLoop, msUntilDue } from '../background-loop.js'
import type { ServiceContext } from './context.js'
import { appendAudit } from './audit-log.js'
import { addOwnerEvent } from './enquiry-notices.js'

type Claimed = { id: string; ownerId: string | null; followUpAt: Date | null; followUpLeaseToken: string | null }

/** A follow-up that is due and not yet reminded of (for the time it is set to now). */
const due = and(
  isNotNull(enquiries.followUpAt),
  lte(enquiries.followUpAt, sql`now()`),
  or(isNull(enquiries.followUpSentFor), sql`${enquiries.followUpSentFor} <> ${enquiries.followUpAt}`),
  notInArray(enquiries.stage, [...CLOSED_STAGES]),
)

/** Due follow-ups nobody holds, now held by this instance for `leaseMs` (the schedules' way). */
async function claimDue(db: Db, leaseMs: number): Promise<Claimed[]> {
  const ids = db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(and(due, or(isNull(enquiries.followUpLeaseUntil), lt(enquiries.followUpLeaseUntil, sql`now()`))))
    .orderBy(asc(enquiries.followUpAt))
    .limit(20)
    .for('update', { skipLocked: true })
  return db
    .update(enquiries)
    .set({
      followUpLeaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      followUpLeaseToken: randomUUID(),
    })
    .where(inArray(enquiries.id, ids))
    .returning({
      id: enquiries.id,
      ownerId: enquiries.ownerId,
      followUpAt: enquiries.followUpAt,
      followUpLeaseToken: enquiries.followUpLeaseToken,
    })
}

/**
 * Marks the reminder sent for the follow-up it was claimed for and, in the same transaction,
 * writes the timeline item whose delivery mails the owner. The mark only takes when the claim is
 * still ours and the time unchanged, so a reminder goes out once across instances and restarts.
 */
async function remind(ctx: ServiceContext, row: Claimed): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(enquiries)
      .set({ followUpSentFor: row.followUpAt, followUpLeaseUntil: null })
      .where(
        and(
          eq(enquiries.id, row.id),
          eq(enquiries.followUpLeaseToken, row.followUpLeaseToken!),
          eq(enquiries.followUpAt, row.followUpAt!),
        ),
      )
      .returning({ id: enquiries.id })
    if (!marked) return false
    await addOwnerEvent(tx, row.id, row.ownerId, 'follow-up', null, {
      toValue: row.followUpAt!.toISOString(),
      text: 'Follow-up due: the owner was reminded',
    })
    // The server's own change (ctx.actor is the system's), once with the mark.
    await appendAudit(tx, ctx.actor, {
      action: 'remind',
      kind: 'enquiry',
      recordId: row.id,
      changes: { followUpAt: { from: null, to: row.followUpAt!.toISOString() } },
    })
    return true
  })
}

/**
 * Mails each due follow-up to its owner once, at its time (decision 154): every instance runs
 * one, like the publish scheduler; one due while every server was down goes out at start.
 */
export function createEnquiryReminders(options: {
  ctx: ServiceContext
  /** Wakes the outbox after a reminder was written. */
  sent: () => void
  leaseMs?: number
  pollMs?: number
}) {
  const { ctx } = options
  const leaseMs = options.leaseMs ?? 60_000
  const pollMs = options.pollMs ?? 30_000

  async function runDue(running: () => boolean) {
    while (running()) {
      const claimed = await claimDue(ctx.db, leaseMs)
      if (claimed.length === 0) return
      let any = false
      for (const row of claimed) if (running() && (await remind(ctx, row))) any = true
      if (any) options.sent()
    }
  }
  // A lease held by a dead instance runs out within leaseMs: looked at again by then at the latest.
  const loop = backgroundLoop({
    name: 'enquiry reminders',
    log: ctx.log,
    work: runDue,
    nextInMs: () =>
      msUntilDue(ctx.db, {
        table: enquiries,
        due: enquiries.followUpAt,
        leaseUntil: enquiries.followUpLeaseUntil,
        where: and(
          isNotNull(enquiries.followUpAt),
          or(isNull(enquiries.followUpSentFor), sql`${enquiries.followUpSentFor} <> ${enquiries.followUpAt}`),
          notInArray(enquiries.stage, [...CLOSED_STAGES]),
        ),
      }),
    pollMs,
  })
  return { wake: loop.wake, start: loop.start, stop: loop.stop }
}
