import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { enquiryReplySchema } from '../../shared/schemas/enquiry-workspace.schema.js'
import type { Executor } from '../db/client.js'
import { enquiries, enquiryEvents } from '../db/schema.js'
import { notFound } from '../errors.js'
import { enquiryMessageId } from '../mail/enquiry-mail.js'
import { replyAddress, siteMessageId } from '../mail/reply-address.js'
import { parseInput } from '../validation.js'
import { appendAudit } from './audit-log.js'
import type { ServiceContext } from './context.js'
import { enquiryLabel } from './enquiries.js'
import { addEvent } from './enquiry-timeline.js'

export interface ReplySettings {
  /** MAIL_FROM: the sender, and (with +token) the Reply-To. */
  mailFrom: string
  /** PUBLIC_URL: its host names the site's Message-IDs. */
  publicUrl: string
}

/** The thread so far: the enquiry's own mail, then every mail out and in, oldest first. */
async function threadOf(tx: Executor, id: string) {
  const mails = await tx
    .select({ messageId: enquiryEvents.messageId, subject: enquiryEvents.subject, type: enquiryEvents.type })
    .from(enquiryEvents)
    .where(and(eq(enquiryEvents.enquiryId, id), isNotNull(enquiryEvents.messageId)))
    .orderBy(asc(enquiryEvents.at), asc(enquiryEvents.id))
  return {
    references: [enquiryMessageId(id), ...mails.map((m) => m.messageId!)],
    lastSubjectIn: mails.filter((m) => m.type === 'mail-in').at(-1)?.subject ?? null,
  }
}

const reSubject = (subject: string) => `Re: ${subject.replace(/^(\s*re:\s*)+/i, '')}`.slice(0, 200)

/**
 * POST /enquiries/{id}/reply (decision 153): the answer goes to the visitor through the outbox,
 * from MAIL_FROM, in the enquiry's thread (In-Reply-To the latest mail, References all of them),
 * with a Reply-To of MAIL_FROM+token so their answer comes back to the watched mailbox. It is a
 * response for the stats.
 */
export async function replyToEnquiry(ctx: ServiceContext, settings: ReplySettings, id: string, input: unknown) {
  const { text, subject } = parseInput(enquiryReplySchema, input)
  return ctx.db.transaction(async (tx) => {
    const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update')
    if (!enquiry) throw notFound('Enquiry not found')
    if (!enquiry.replyToken) {
      enquiry.replyToken = randomUUID().replace(/-/g, '')
      await tx.update(enquiries).set({ replyToken: enquiry.replyToken }).where(eq(enquiries.id, id))
    }
    const thread = await threadOf(tx, id)
    const messageId = siteMessageId(settings.publicUrl, 'reply', randomUUID())
    const finalSubject = subject || reSubject(thread.lastSubjectIn ?? enquiry.subject)
    const eventId = await addEvent(
      tx,
      id,
      'mail-out',
      ctx.actor,
      {
        text,
        subject: finalSubject,
        mailFrom: enquiry.email,
        messageId,
        outgoing: {
          to: enquiry.email,
          subject: finalSubject,
          text,
          messageId,
          inReplyTo: thread.references.at(-1)!,
          references: thread.references,
          replyTo: replyAddress(settings.mailFrom, enquiry.replyToken),
        },
      },
      { mail: true },
    )
    if (!enquiry.firstResponseAt)
      await tx.update(enquiries).set({ firstResponseAt: new Date() }).where(eq(enquiries.id, id))
    // The reply's words are on the timeline; the log says one was sent and by whom.
    await appendAudit(tx, ctx.actor, {
      action: 'reply',
      kind: 'enquiry',
      recordId: id,
      recordLabel: enquiryLabel(enquiry),
      language: enquiry.language,
    })
    return { _id: eventId, messageId }
  })
}
