import type { Enquiry } from '../../shared/types.js'

const COLUMNS: [keyof Enquiry, string][] = [
  ['createdAt', 'Received'],
  ['fname', 'First name'],
  ['lname', 'Last name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['services', 'Services'],
  ['message', 'Message'],
  ['deliveryStatus', 'Delivery'],
  ['handledAt', 'Handled'],
]

/**
 * One cell: quoted when needed, and a leading = + - @ (or tab/CR) defused with an apostrophe,
 * so a visitor's text is never run as a spreadsheet formula.
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV with a BOM, so spreadsheet programs read the accents right. */
export function enquiriesToCsv(enquiries: Enquiry[]): string {
  const lines = [COLUMNS.map(([, label]) => cell(label)).join(',')]
  for (const enquiry of enquiries) lines.push(COLUMNS.map(([key]) => cell(enquiry[key])).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
