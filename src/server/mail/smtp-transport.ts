import nodemailer from 'nodemailer'

/**
 * The SMTP transport of a mail channel (enquiries, invitations), or null without SMTP_URL. The
 * timeouts keep a stalled mail server from holding a delivery: the outbox retries it later.
 */
export function smtpTransport(url: string | undefined) {
  if (!url) return null
  return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
}
