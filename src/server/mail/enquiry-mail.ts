import type { SendMailOptions } from 'nodemailer'
import { COMPANY_NAME, ENQUIRY_SUBJECT } from '../../shared/constants.js'
import { campaignOf, type EnquiryRow } from '../services/enquiry-record.js'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

// Header values come from visitors: no line breaks may reach a header.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/** How much of the visitor's name the subject shows. */
const SUBJECT_NAME_MAX = 80

const fullName = (enquiry: EnquiryRow) => oneLine(`${enquiry.fname} ${enquiry.lname}`)

/** The lines of the mail's table, in order; a new lead field is one more line here. */
export const ENQUIRY_MAIL_FIELDS: { label: string; value: (enquiry: EnquiryRow) => string }[] = [
  { label: 'Name', value: fullName },
  { label: 'E-mail', value: (e) => e.email },
  { label: 'Phone', value: (e) => e.phone },
  { label: 'Services', value: (e) => e.services || '—' },
  {
    label: 'Project',
    value: (e) => (e.projectTitle ? `${e.projectTitle} (${e.projectSlug}, ${e.projectLanguage})` : '—'),
  },
  { label: 'Language', value: (e) => e.language ?? '—' },
  { label: 'Sent from', value: (e) => e.pageUrl ?? '—' },
  { label: 'Campaign', value: campaignLine },
  { label: 'Consent', value: (e) => (e.consentAt ? `${e.consentAt.toISOString()} (text ${e.consentVersion})` : '—') },
  { label: 'Received', value: (e) => e.createdAt.toISOString() },
]

/** "utm_source=google, utm_campaign=spring" — only the parameters the visit had. */
function campaignLine(enquiry: EnquiryRow): string {
  const given = Object.entries(campaignOf(enquiry)).filter(([, value]) => value)
  return given.length > 0 ? given.map(([name, value]) => `${name}=${value}`).join(', ') : '—'
}

/**
 * The subject is the server's own words and the visitor's name, never the form's `subject`
 * field: a visitor must not be able to write "Urgent: new bank details" into a mail the team
 * receives from the site's own sender.
 */
export const enquiryMailSubject = (enquiry: EnquiryRow) =>
  `${ENQUIRY_SUBJECT} from ${fullName(enquiry).slice(0, SUBJECT_NAME_MAX)}` +
  // The project's title is the server's own (looked up by slug), never the visitor's text.
  (enquiry.projectTitle ? ` about ${oneLine(enquiry.projectTitle).slice(0, SUBJECT_NAME_MAX)}` : '') +
  (enquiry.language ? ` [${enquiry.language}]` : '')

/** The first mail of an enquiry's thread: a reply to it names this id (issue 42). */
export const enquiryMessageId = (id: string) => `<enquiry-${id}@${COMPANY_NAME.toLowerCase().replace(/[^a-z]+/g, '-')}>`

/** The enquiry an id made by enquiryMessageId names, or null. */
export const enquiryIdOfMessageId = (messageId: string) =>
  /^<?enquiry-([0-9a-f-]{36})@/i.exec(messageId.trim())?.[1]?.toLowerCase() ?? null

/** The e-mail the company receives for one enquiry; Reply-To goes straight to the visitor. */
export function enquiryMail(enquiry: EnquiryRow, from: string, to: string): SendMailOptions {
  const rows = ENQUIRY_MAIL_FIELDS.map(({ label, value }) => [label, value(enquiry)] as const)
  return {
    from,
    to,
    replyTo: { name: fullName(enquiry), address: enquiry.email },
    subject: enquiryMailSubject(enquiry),
    // The Message-ID is stable per enquiry, so a retry after an uncertain failure is recognisable.
    messageId: enquiryMessageId(enquiry.id),
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${enquiry.message}\n`,
    html: `<table>${rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
  }
}
