import type { SendMailOptions } from 'nodemailer'
import type { DeliverySender } from '../delivery/outbox.js'
import { smtpTransport } from './smtp-transport.js'
import { enquiryMail } from './enquiry-mail.js'

/**
 * A mail channel of the outbox through SMTP_URL (enquiries, invitations, the enquiries' timeline
 * mails). Without SMTP_URL its rows are kept, and mailed once it is set. `mailOf` writes an
 * item's mail; null sends nothing.
 */
export function smtpSender<Item>(
  smtpUrl: string | undefined,
  kept: string,
  mailOf: (item: Item) => SendMailOptions | null | Promise<SendMailOptions | null>,
): DeliverySender<Item> {
  const transport = smtpTransport(smtpUrl)
  return {
    configured: transport !== null,
    notConfiguredMessage: `SMTP_URL is not set: ${kept} are stored, and mailed once it is set`,
    keepsWhileNotConfigured: true,
    async send(item) {
      const mail = await mailOf(item)
      if (mail) await transport!.sendMail(mail)
    },
    close() {
      transport?.close()
    },
  }
}

/** The 'mail' channel: the enquiry to CONTACT_TO through SMTP_URL. */
export const createMailSender = (options: { smtpUrl?: string; from: string; to: string }): DeliverySender =>
  smtpSender(options.smtpUrl, 'enquiries', (enquiry) => enquiryMail(enquiry, options.from, options.to))
