import { CAMPAIGN_PARAMS } from '../../shared/constants.js'
import type { Enquiry } from '../../shared/types.js'
import { recordsToCsv, type CsvColumn } from './csv.js'

/** The export's columns, in order; a new lead field is one more line here. */
export const ENQUIRY_CSV_COLUMNS: CsvColumn<Enquiry>[] = [
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

/** RFC 4180 CSV with a BOM, every cell defused (csv.ts). */
export const enquiriesToCsv = (enquiries: Enquiry[]): string => recordsToCsv(ENQUIRY_CSV_COLUMNS, enquiries)
