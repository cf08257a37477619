import type { DeliverySender } from '../delivery/outbox.js'
import { smtpTransport } from './smtp-transport.js'
import { enquiryMail } from './enquiry-mail.js'

/** The 'mail' channel: the enquiry to CONTACT_TO through SMTP_URL. */
export function createMailSender(options: { smtpUrl?: string; from: string; to: string }): DeliverySender {
  const transport = smtpTransport(options.smtpUrl)
  return {
    configured: transport !== null,
    notConfiguredMessage: 'SMTP_URL is not set: enquiries are stored, and mailed once it is set',
    keepsWhileNotConfigured: true,
    async send(enquiry) {
      await transport!.sendMail(enquiryMail(enquiry, options.from, options.to))
    },
    close() {
      transport?.close()
    },
  }
}
