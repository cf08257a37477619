import { eq } from 'drizzle-orm'
import type { EnquiryTimelineType } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { admins } from '../db/schema.js'
import type { Actor } from './actor.js'
import { addEvent } from './enquiry-timeline.js'

type Fields = Parameters<typeof addEvent>[4]

/**
 * A timeline item the enquiry's owner is told of by mail (assigned, a reply came in, a follow-up
 * is due): the outbox mails it when the owner has an address, and not to the owner about their
 * own act.
 */
export async function addOwnerEvent(
  tx: Executor,
  enquiryId: string,
  ownerId: string | null,
  type: Extract<EnquiryTimelineType, 'assigned' | 'mail-in' | 'follow-up'>,
  actor: Actor | null,
  fields: Fields = {},
): Promise<string> {
  const [owner] = ownerId ? await tx.select({ email: admins.email }).from(admins).where(eq(admins.id, ownerId)) : []
  const mail = Boolean(owner?.email) && actor?.id !== ownerId
  return addEvent(tx, enquiryId, type, actor, fields, { mail })
}

/** An owner's name for the timeline (the account's user name). */
export async function ownerName(tx: Executor, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null
  const [row] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, ownerId))
  return row?.username ?? null
}
