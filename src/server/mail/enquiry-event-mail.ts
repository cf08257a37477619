import { eq } from 'drizzle-orm'
import type { SendMailOptions } from 'nodemailer'
import type { Db } from '../db/client.js'
import { admins, enquiries } from '../db/schema.js'
import type { DeliverySender } from '../delivery/outbox.js'
import type { EnquiryEventRow } from '../services/enquiry-timeline.js'
import { smtpSender } from './mail-sender.js'

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/** The back office's page of one enquiry. */
export const enquiryLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/admin/enquiry/${id}`

const NOTICE_SUBJECTS: Record<string, string> = {
  assigned: 'New enquiry for you',
  'mail-in': 'A reply came in',
  'follow-up': 'Follow-up due',
}

/**
 * A notice to the enquiry's owner (assigned, a reply came in, a follow-up is due), to their
 * address as it is now. It names the person and links to the enquiry; what the visitor wrote
 * stays in the back office.
 */
async function ownerNotice(db: Db, event: EnquiryEventRow, from: string, publicUrl: string) {
  const [row] = await db
    .select({ enquiry: enquiries, email: admins.email })
    .from(enquiries)
    .leftJoin(admins, eq(admins.id, enquiries.ownerId))
    .where(eq(enquiries.id, event.enquiryId))
  if (!row?.email) return null
  const who = oneLine(`${row.enquiry.fname} ${row.enquiry.lname}`).slice(0, 80)
  const subject = `${NOTICE_SUBJECTS[event.type] ?? 'Enquiry'}: ${who}`
  const link = enquiryLink(publicUrl, row.enquiry.id)
  const lines = [
    `${subject}.`,
    ...(event.type === 'follow-up' && row.enquiry.followUpAt ? [`Due ${row.enquiry.followUpAt.toUTCString()}.`] : []),
    '',
    `Open it in the back office: ${link}`,
  ]
  return { from, to: row.email, subject, text: lines.join('\n') } satisfies SendMailOptions
}

/** The 'enquiry-mail' channel: replies to visitors (prepared when written) and owners' notices. */
export function createEnquiryMailSender(options: {
  db: Db
  smtpUrl?: string
  from: string
  publicUrl: string
}): DeliverySender<EnquiryEventRow> {
  return smtpSender(options.smtpUrl, 'replies and notices to owners', async (event) => {
    if (event.type === 'mail-out' && event.outgoing) {
      const mail = event.outgoing
      return {
        from: options.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
      }
    }
    return ownerNotice(options.db, event, options.from, options.publicUrl)
  })
}
