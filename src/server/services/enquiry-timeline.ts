import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { enquiryNoteSchema } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { EnquiryTimelineItem, EnquiryTimelineType } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { deliveries, enquiries, enquiryAttachments, enquiryEvents } from '../db/schema.js'
import { notFound } from '../errors.js'
import { parseInput } from '../validation.js'
import type { Actor } from './actor.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'

export type EnquiryEventRow = typeof enquiryEvents.$inferSelect
type EventFields = Omit<typeof enquiryEvents.$inferInsert, 'id' | 'enquiryId' | 'type' | 'actorId' | 'actorName'>

/**
 * One item of an enquiry's timeline, in the change's transaction. `mail`: the outbox sends the
 * item's mail (a reply's, or a notice to the owner) on the 'enquiry-mail' channel.
 */
export async function addEvent(
  tx: Executor,
  enquiryId: string,
  type: Exclude<EnquiryTimelineType, 'created'>,
  actor: Actor | null,
  fields: EventFields = {},
  options: { mail?: boolean } = {},
): Promise<string> {
  const id = randomUUID()
  await tx.insert(enquiryEvents).values({
    id,
    enquiryId,
    type,
    actorId: actor?.id ?? null,
    actorName: actor?.username ?? null,
    ...fields,
  })
  if (options.mail)
    await tx.insert(deliveries).values({ id: randomUUID(), channel: 'enquiry-mail', enquiryEventId: id })
  return id
}

const toItem = (row: EnquiryEventRow): EnquiryTimelineItem => ({
  _id: row.id,
  type: row.type as EnquiryTimelineType,
  at: row.at.toISOString(),
  by: row.actorName ? { _id: row.actorId, name: row.actorName } : null,
  ...(row.text !== null && { text: row.text }),
  ...((row.fromValue !== null || row.toValue !== null) && { from: row.fromValue, to: row.toValue }),
  ...(row.subject !== null && { subject: row.subject }),
  ...(row.mailFrom !== null && { address: row.mailFrom }),
  ...(row.attachments && { attachments: row.attachments.map(({ id, ...a }) => ({ _id: id, ...a })) }),
})

/** Created (the enquiry itself, with its message), then every item, oldest first. */
export async function enquiryTimeline(db: Executor, id: string): Promise<{ items: EnquiryTimelineItem[] }> {
  const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, id))
  if (!enquiry) throw notFound('Enquiry not found')
  const rows = await db
    .select()
    .from(enquiryEvents)
    .where(eq(enquiryEvents.enquiryId, id))
    .orderBy(asc(enquiryEvents.at), asc(enquiryEvents.id))
  const created: EnquiryTimelineItem = {
    _id: enquiry.id,
    type: 'created',
    at: enquiry.createdAt.toISOString(),
    by: null,
    text: enquiry.message,
    subject: enquiry.subject,
    address: enquiry.email,
  }
  return { items: [created, ...rows.map(toItem)] }
}

export async function addNote(ctx: ServiceContext, id: string, input: unknown): Promise<EnquiryTimelineItem> {
  const { text } = parseInput(enquiryNoteSchema, input)
  const eventId = await ctx.db.transaction(async (tx) => {
    const [enquiry] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, id))
    if (!enquiry) throw notFound('Enquiry not found')
    const eventId = await addEvent(tx, id, 'note', ctx.actor, { text })
    // The note's words stay on the timeline; the log says one was written and by whom.
    await appendAudit(tx, ctx.actor, { action: 'add-note', kind: 'enquiry', recordId: id })
    return eventId
  })
  const [row] = await ctx.db.select().from(enquiryEvents).where(eq(enquiryEvents.id, eventId))
  return toItem(row!)
}

/** A kept attachment of a mail on this enquiry's timeline. */
export async function enquiryAttachment(db: Executor, enquiryId: string, attachmentId: string) {
  const [row] = await db
    .select({ name: enquiryAttachments.name, size: enquiryAttachments.size, data: enquiryAttachments.data })
    .from(enquiryAttachments)
    .innerJoin(enquiryEvents, eq(enquiryEvents.id, enquiryAttachments.eventId))
    .where(and(eq(enquiryAttachments.id, attachmentId), eq(enquiryEvents.enquiryId, enquiryId)))
  if (!row) throw notFound('Attachment not found')
  return row
}
