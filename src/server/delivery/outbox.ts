import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { adminInvitations, type DeliveryChannel, deliveries, enquiries, enquiryEvents } from '../db/schema.js'
import type { EnquiryRow } from '../services/enquiry-record.js'
import type { EnquiryEventRow } from '../services/enquiry-timeline.js'
import { backgroundLoop, backoffOf, claimDueRows, failedTry, inMs, msUntilDue, sentTry } from '../background-loop.js'

export type InvitationRow = typeof adminInvitations.$inferSelect

/**
 * Hands an enquiry (or, on the 'invitation' channel, an invitation) to one channel (the SMTP
 * server, a webhook); throws when it was not accepted.
 */
export interface DeliverySender<Item = EnquiryRow> {
  /** False when the channel is not set up on this instance (mail without SMTP_URL): rows wait. */
  readonly configured: boolean
  /** Logged once at start when the channel is not set up. */
  readonly notConfiguredMessage: string
  /**
   * Whether new enquiries get a delivery for this channel while it is not set up here: mail does
   * (its rows wait for SMTP_URL); the webhook does not (no URL, no lead to send).
   */
  readonly keepsWhileNotConfigured: boolean
  /** `deliveryId` is stable across retries: the receiver can drop a duplicate. */
  send(item: Item, deliveryId: string): Promise<void>
  close(): void
}

/** Every channel's sender; invitations and timeline mails carry their own rows, not enquiries. */
export interface Senders {
  mail: DeliverySender
  webhook: DeliverySender
  invitation: DeliverySender<InvitationRow>
  /** Issue 42: a reply to the visitor, or a notice to the enquiry's owner. */
  'enquiry-mail': DeliverySender<EnquiryEventRow>
}

/** Channels whose rows are not one per new enquiry. */
const OWN_ROW_CHANNELS: readonly DeliveryChannel[] = ['invitation', 'enquiry-mail']

export interface OutboxOptions {
  db: Db
  log: FastifyBaseLogger
  senders: Senders
  /** First retry delay; doubles per failure up to maxDelayMs. */
  retryBaseMs?: number
  maxDelayMs?: number
  /** How long a claim lasts; another instance takes a row over once it has run out. */
  leaseMs?: number
  /** Rows claimed at once. */
  batchSize?: number
}

export interface Outbox {
  /** The channels a new enquiry gets a delivery for ('invitation' is not one). */
  readonly channels: readonly DeliveryChannel[]
  /** Whether the channel can deliver now (its server is set up); if not, its rows wait. */
  delivers(channel: DeliveryChannel): boolean
  /** Delivers what is due now (call after storing an enquiry). */
  wake(): void
  start(): void
  stop(): Promise<void>
}

/**
 * Delivers stored enquiries through every channel, from any number of instances. Each due row
 * is claimed by one instance (FOR UPDATE SKIP LOCKED, then a lease), so an enquiry goes out once;
 * the lease of an instance that died runs out and another instance takes the row over.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, log, senders } = options
  const backoff = backoffOf(options)
  const leaseMs = options.leaseMs ?? 120_000
  const batchSize = options.batchSize ?? 5
  // Rows other instances stored (and then died before sending) are found by looking again.
  const pollMs = Math.min(leaseMs, 30_000)
  const channels = (Object.keys(senders) as DeliveryChannel[]).filter((channel) => senders[channel].configured)

  /** Due rows of the configured channels that nobody holds, now held by this instance. */
  const claimDue = () =>
    claimDueRows(db, deliveries, {
      due: deliveries.nextAttemptAt,
      where: inArray(deliveries.channel, channels),
      limit: batchSize,
      leaseMs,
    })

  async function deliver(row: typeof deliveries.$inferSelect) {
    const mine = and(eq(deliveries.id, row.id), eq(deliveries.leaseToken, row.leaseToken!))
    // The lease restarts with the attempt, so a long batch never outlives it.
    const [held] = await db
      .update(deliveries)
      .set({ leaseUntil: inMs(leaseMs) })
      .where(and(mine, eq(deliveries.status, 'pending')))
      .returning({ id: deliveries.id })
    if (!held) return
    try {
      if (row.channel === 'invitation') {
        // A revoked or accepted invitation has no token any more: nothing to send.
        const [invitation] = await db.select().from(adminInvitations).where(eq(adminInvitations.id, row.invitationId!))
        if (!invitation?.sealedToken) return
        await senders.invitation.send(invitation, row.id)
      } else if (row.channel === 'enquiry-mail') {
        // An erased enquiry took its timeline with it: nothing to send.
        const [event] = await db.select().from(enquiryEvents).where(eq(enquiryEvents.id, row.enquiryEventId!))
        if (!event) return
        await senders['enquiry-mail'].send(event, row.id)
      } else {
        const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, row.enquiryId!))
        if (!enquiry) return
        await senders[row.channel].send(enquiry, row.id)
      }
    } catch (error) {
      const { attempts, delayMs: delay, set } = failedTry(deliveries, row.attempts, error, backoff)
      await db.update(deliveries).set(set).where(mine)
      log.warn(
        {
          enquiry: row.enquiryId,
          invitation: row.invitationId,
          channel: row.channel,
          attempts,
          retryInMs: delay,
          err: error,
        },
        // Operators search the log for these words (docs/operations.md).
        `${row.invitationId ? 'invitation' : 'enquiry'} delivery failed; will retry`,
      )
      return
    }
    // Recorded even if the lease was lost meanwhile: the channel has it, whoever asked.
    await db
      .update(deliveries)
      .set({ ...sentTry(deliveries), deliveredAt: sql`now()` })
      .where(and(eq(deliveries.id, row.id), eq(deliveries.status, 'pending')))
    log.info({ enquiry: row.enquiryId, invitation: row.invitationId, channel: row.channel }, 'delivered')
  }

  async function deliverDue(running: () => boolean) {
    while (running()) {
      const claimed = await claimDue()
      if (claimed.length === 0) return
      let done = 0
      try {
        for (const row of claimed) {
          if (!running()) break
          await deliver(row)
          done++
        }
      } finally {
        // Stopping with rows still held: let other instances have them now, not after the lease.
        const left = claimed.slice(done).map((row) => row.id)
        if (left.length > 0)
          await db
            .update(deliveries)
            .set({ leaseUntil: null, leaseToken: null })
            .where(and(inArray(deliveries.id, left), eq(deliveries.leaseToken, claimed[0]!.leaseToken!)))
      }
    }
  }

  const loop = backgroundLoop({
    name: 'outbox',
    log,
    work: deliverDue,
    nextInMs: () =>
      msUntilDue(db, {
        table: deliveries,
        due: deliveries.nextAttemptAt,
        leaseUntil: deliveries.leaseUntil,
        where: and(eq(deliveries.status, 'pending'), inArray(deliveries.channel, channels)),
      }),
    pollMs,
  })

  return {
    channels: (Object.keys(senders) as DeliveryChannel[]).filter(
      (channel) =>
        !OWN_ROW_CHANNELS.includes(channel) &&
        (senders[channel].configured || senders[channel].keepsWhileNotConfigured),
    ),
    delivers: (channel) => senders[channel].configured,
    wake: loop.wake,
    start() {
      for (const sender of Object.values(senders)) if (!sender.configured) log.info(sender.notConfiguredMessage)
      if (channels.length === 0) return
      loop.start()
    },
    async stop() {
      await loop.stop()
      for (const sender of Object.values(senders)) sender.close()
    },
  }
}
