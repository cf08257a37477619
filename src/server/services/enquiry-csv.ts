import { CAMPAIGN_PARAMS } from '../../shared/constants.js'
import type { Enquiry } from '../../shared/types.js'

/** The export's columns, in order; a new lead field is one more line here. */
export const ENQUIRY_CSV_COLUMNS: { label: string; value: (enquiry: Enquiry) => unknown }[] = [
  { label: 'Received', value: (e) => e.createdAt },
  { label: 'First name', value: (e) => e.fname },
  { label: 'Last name', value: (e) => e.lname },
  { label: 'E-mail', value: (e) => e.email },
  { label: 'Phone', value: (e) => e.phone },
  { label: 'Services', value: (e) => e.services },
  { label: 'Message', value: (e) => e.message },
  { label: 'Project', value: (e) => e.project?.title },
  { label: 'Project slug', value: (e) => e.project?.slug },
  { label: 'Project language', value: (e) => e.project?.language },
  { label: 'Language', value: (e) => e.language },
  { label: 'Page URL', value: (e) => e.pageUrl },
  ...CAMPAIGN_PARAMS.map((name) => ({ label: name, value: (e: Enquiry) => e[name] })),
  { label: 'Consent given', value: (e) => e.consentAt },
  { label: 'Consent text', value: (e) => e.consentVersion },
  { label: 'Delivery', value: (e) => e.deliveryStatus },
  { label: 'Webhook', value: (e) => e.deliveries.find((d) => d.channel === 'webhook')?.status },
  { label: 'Handled', value: (e) => e.handledAt },
]

// A spreadsheet runs a cell as a formula when it starts with one of these. A program set to
// another separator (Spain's Excel splits on ";") cuts a cell into several, so the same holds
// after every separator inside the text: "x;=1+1" becomes the cells "x" and "=1+1" there.
// Quotes and spaces before the character do not stop it.
const FORMULA_START = /(^|[,;\t\r\n])([ "']*)(?=[=+\-@\t\r])/g

/** A leading apostrophe makes the spreadsheet show the text as it is instead of running it. */
export const defuseFormulas = (text: string) => text.replace(FORMULA_START, "$1$2'")

/** One cell: always quoted (RFC 4180), with every formula start defused. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value)
  return `"${defuseFormulas(text).replace(/"/g, '""')}"`
}

/** RFC 4180 CSV with a BOM, so spreadsheet programs read the accents right. */
export function enquiriesToCsv(enquiries: Enquiry[]): string {
  const lines = [ENQUIRY_CSV_COLUMNS.map(({ label }) => csvCell(label)).join(',')]
  for (const enquiry of enquiries) lines.push(ENQUIRY_CSV_COLUMNS.map(({ value }) => csvCell(value(enquiry))).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
