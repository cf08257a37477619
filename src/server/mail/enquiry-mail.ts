import type { SendMailOptions } from 'nodemailer'
import { COMPANY_NAME } from '../../shared/constants.js'
import type { EnquiryRow } from '../services/enquiries.js'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

// Header values come from visitors: no line breaks may reach a header.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/** The e-mail the company receives for one enquiry; Reply-To goes straight to the visitor. */
export function enquiryMail(enquiry: EnquiryRow, from: string, to: string): SendMailOptions {
  const name = oneLine(`${enquiry.fname} ${enquiry.lname}`)
  const rows: [string, string][] = [
    ['Name', name],
    ['E-mail', enquiry.email],
    ['Phone', enquiry.phone],
    ['Services', enquiry.services || '—'],
    ['Received', enquiry.createdAt.toISOString()],
  ]
  return {
    from,
    to,
    replyTo: { name, address: enquiry.email },
    subject: oneLine(`${enquiry.subject} — ${name}`).slice(0, 250),
    // The Message-ID is stable per enquiry, so a retry after an uncertain failure is recognisable.
    messageId: `<enquiry-${enquiry.id}@${COMPANY_NAME.toLowerCase().replace(/[^a-z]+/g, '-')}>`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${enquiry.message}\n`,
    html: `<table>${rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
  }
}
