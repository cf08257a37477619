import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { CLOSED_STAGES } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { Executor } from '../db/client.js'
import { enquiries } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'
import { contactOf } from './enquiry-record.js'
import { addEvent } from './enquiry-timeline.js'

/**
 * A phone in E.164, or null when it does not parse. Numbers written without a country code are
 * read as Spanish: the company's own market, and how its visitors from Spain write them.
 */
export function phoneE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'ES')
  return parsed?.isValid() ? parsed.format('E.164') : null
}

/**
 * The open enquiry (not won or lost) of the same person, by e-mail (any case) or phone (E.164),
 * the oldest first; a new enquiry joins its contact and keeps its owner (decision 152).
 */
export async function findOpenContact(
  tx: Executor,
  email: string,
  phone: string | null,
): Promise<{ contactId: string; ownerId: string | null } | null> {
  const [row] = await tx
    .select({ id: enquiries.id, contactId: enquiries.contactId, ownerId: enquiries.ownerId })
    .from(enquiries)
    .where(
      and(
        notInArray(enquiries.stage, [...CLOSED_STAGES]),
        or(sql`lower(${enquiries.email}) = ${email.toLowerCase()}`, phone ? eq(enquiries.phoneE164, phone) : undefined),
      ),
    )
    .orderBy(asc(enquiries.createdAt), asc(enquiries.id))
    .limit(1)
  if (!row) return null
  if (!row.contactId) await tx.update(enquiries).set({ contactId: row.id }).where(eq(enquiries.id, row.id))
  return { contactId: contactOf(row), ownerId: row.ownerId }
}

/** Every enquiry of the contact of `row` (rows from before contacts are their own). */
export const ofContact = (contactId: string) =>
  or(eq(enquiries.contactId, contactId), and(isNull(enquiries.contactId), eq(enquiries.id, contactId)))

/** POST /enquiries/{id}/merge/{otherId}: the other's contact (all its enquiries) joins this one's. */
export async function mergeEnquiries(ctx: ServiceContext, id: string, otherId: string): Promise<void> {
  if (id === otherId) throw badRequest('An enquiry cannot be merged with itself', 'otherId')
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update')
    const [other] = await tx.select().from(enquiries).where(eq(enquiries.id, otherId)).for('update')
    if (!target || !other) throw notFound('Enquiry not found')
    const into = contactOf(target)
    const from = contactOf(other)
    if (into === from) return
    if (!target.contactId) await tx.update(enquiries).set({ contactId: into }).where(eq(enquiries.id, target.id))
    await tx.update(enquiries).set({ contactId: into }).where(ofContact(from))
    const label = (e: typeof target) => `${e.fname} ${e.lname}`.trim().slice(0, 120)
    await addEvent(tx, id, 'merged', ctx.actor, { text: `${label(other)} <${other.email}>`, toValue: otherId })
    await addEvent(tx, otherId, 'merged', ctx.actor, { text: `${label(target)} <${target.email}>`, toValue: id })
    await appendAudit(tx, ctx.actor, {
      action: 'merge',
      kind: 'enquiry',
      recordId: id,
      recordLabel: label(target),
      changes: { contactId: { from, to: into }, merged: { from: null, to: otherId } },
    })
  })
}
