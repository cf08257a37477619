import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Db, Executor } from '../db/client.js'
import { type EnquiryAttachmentNote, enquiries, enquiryAttachments, enquiryEvents } from '../db/schema.js'
import { isUniqueViolation } from '../errors.js'
import { addOwnerEvent } from '../services/enquiry-notices.js'
import { appendAudit } from '../services/audit-log.js'
import { SYSTEM_ACTOR } from '../services/actor.js'
import { enquiryLabel } from '../services/enquiries.js'
import { enquiryIdOfMessageId } from './enquiry-mail.js'
import { tokenOfAddress } from './reply-address.js'

/** Attachments larger than this are named on the timeline, not kept. */
export const ATTACHMENT_KEEP_MAX = 10 * 1024 * 1024

/** What the matching reads of a message: its headers only. */
export interface IncomingHeaders {
  messageId: string
  inReplyTo: string[]
  references: string[]
  /** The sender's address. */
  from: string | null
  /** To, Cc, Delivered-To and X-Original-To addresses. */
  recipients: string[]
}

export interface IncomingAttachment {
  name: string
  contentType: string
  size: number
  /** Null when it is over ATTACHMENT_KEEP_MAX (or could not be read). */
  content: Buffer | null
}

export interface IncomingMessage {
  subject: string
  text: string
  attachments: IncomingAttachment[]
}

/** Whether a message with this Message-ID is on a timeline already (attached, or sent by us). */
export async function isKnownMessage(db: Executor, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enquiryEvents.id })
    .from(enquiryEvents)
    .where(eq(enquiryEvents.messageId, messageId))
  return row !== undefined
}

/**
 * The enquiry a message answers (decision 153): the ids its In-Reply-To and References name (the
 * enquiry's own mail, or a mail on its timeline), then the +token of a recipient address; the
 * first of them whose contact is the sender. A header pointing at someone else's enquiry (forged,
 * or a forward) joins nothing.
 */
export async function matchEnquiry(db: Executor, headers: IncomingHeaders, mailFrom: string): Promise<string | null> {
  const sender = headers.from?.trim().toLowerCase()
  if (!sender) return null
  const ids = [...new Set([...headers.inReplyTo, ...headers.references].map((id) => id.trim()).filter(Boolean))]
  const candidates: string[] = ids.map(enquiryIdOfMessageId).filter((id): id is string => id !== null)
  if (ids.length > 0) {
    const known = await db
      .select({ enquiryId: enquiryEvents.enquiryId })
      .from(enquiryEvents)
      .where(inArray(enquiryEvents.messageId, ids.slice(0, 100)))
    candidates.push(...known.map((k) => k.enquiryId))
  }
  const tokens = headers.recipients.map((r) => tokenOfAddress(mailFrom, r)).filter((t): t is string => t !== null)
  if (tokens.length > 0) {
    const byToken = await db.select({ id: enquiries.id }).from(enquiries).where(inArray(enquiries.replyToken, tokens))
    candidates.push(...byToken.map((e) => e.id))
  }
  const unique = [...new Set(candidates)]
  if (unique.length === 0) return null
  const rows = await db
    .select({ id: enquiries.id, email: enquiries.email })
    .from(enquiries)
    .where(inArray(enquiries.id, unique))
  for (const id of unique) {
    const row = rows.find((r) => r.id === id)
    if (row && row.email.trim().toLowerCase() === sender) return id
  }
  return null
}

/**
 * Attaches a message to its enquiry: the timeline item (its Message-ID unique: the insert is the
 * claim, so two instances or a second look attach it once), the attachments it keeps, and the
 * owner's notice, in one transaction. Answers false when it was attached already.
 */
export async function attachMessage(
  db: Db,
  enquiryId: string,
  headers: IncomingHeaders,
  message: IncomingMessage,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [enquiry] = await tx
        .select({
          ownerId: enquiries.ownerId,
          fname: enquiries.fname,
          lname: enquiries.lname,
          language: enquiries.language,
        })
        .from(enquiries)
        .where(eq(enquiries.id, enquiryId))
      if (!enquiry) return false
      const notes: EnquiryAttachmentNote[] = message.attachments.map((a) => ({
        id: a.content ? randomUUID() : null,
        name: a.name,
        size: a.size,
        kept: a.content !== null,
      }))
      const eventId = await addOwnerEvent(tx, enquiryId, enquiry.ownerId, 'mail-in', null, {
        text: message.text,
        subject: message.subject,
        mailFrom: headers.from,
        messageId: headers.messageId,
        attachments: notes.length > 0 ? notes : null,
      })
      for (const [i, attachment] of message.attachments.entries())
        if (attachment.content)
          await tx.insert(enquiryAttachments).values({
            id: notes[i]!.id!,
            eventId,
            name: attachment.name,
            contentType: attachment.contentType.slice(0, 200),
            size: attachment.size,
            data: attachment.content,
          })
      // The server's own change: the reply's words are on the timeline, the log says one came.
      await appendAudit(tx, SYSTEM_ACTOR, {
        action: 'mail-in',
        kind: 'enquiry',
        recordId: enquiryId,
        recordLabel: enquiryLabel(enquiry),
        language: enquiry.language,
        changes: { from: { from: null, to: headers.from }, subject: { from: null, to: message.subject.slice(0, 200) } },
      })
      return true
    })
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}
