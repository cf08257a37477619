import { CAMPAIGN_PARAMS, type CampaignParam } from '../../shared/constants.js'
import type { Enquiry, EnquiryDelivery } from '../../shared/types.js'
import type { deliveries, enquiries } from '../db/schema.js'

export type EnquiryRow = typeof enquiries.$inferSelect
export type DeliveryRow = typeof deliveries.$inferSelect

/** Where each campaign parameter (by its URL name) is kept in an enquiry row. */
const CAMPAIGN_COLUMNS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
  gclid: 'gclid',
  fbclid: 'fbclid',
} as const satisfies Record<CampaignParam, keyof EnquiryRow>

type CampaignColumns = { [P in CampaignParam as (typeof CAMPAIGN_COLUMNS)[P]]: string | null }

/** The campaign parameters of a row, by their URL names (utm_source …), null when absent. */
export function campaignOf(row: EnquiryRow): Record<CampaignParam, string | null> {
  const campaign = {} as Record<CampaignParam, string | null>
  for (const name of CAMPAIGN_PARAMS) campaign[name] = row[CAMPAIGN_COLUMNS[name]]
  return campaign
}

/** The columns of the campaign parameters the visitor arrived with (empty ones as null). */
export function campaignColumns(campaign: Partial<Record<CampaignParam, string>>): CampaignColumns {
  const columns = {} as CampaignColumns
  for (const name of CAMPAIGN_PARAMS) columns[CAMPAIGN_COLUMNS[name]] = campaign[name] || null
  return columns
}

/** The project an enquiry names, as it was when sent (the id goes when the project is deleted). */
export const projectOf = (row: EnquiryRow): Enquiry['project'] =>
  row.projectSlug && row.projectTitle
    ? { _id: row.projectId, slug: row.projectSlug, title: row.projectTitle, language: row.projectLanguage ?? '' }
    : null

/** What the visitor was looking at and agreed to: the project, page, campaign and consent. */
export const contextOf = (row: EnquiryRow) => ({
  project: projectOf(row),
  language: row.language,
  pageUrl: row.pageUrl,
  ...campaignOf(row),
  consentAt: row.consentAt?.toISOString() ?? null,
  consentVersion: row.consentVersion,
})

/** Enquiries from before contacts (issue 42) are their own contact. */
export const contactOf = (row: Pick<EnquiryRow, 'id' | 'contactId'>) => row.contactId ?? row.id

const toDelivery = (d: DeliveryRow): EnquiryDelivery => ({
  channel: d.channel as EnquiryDelivery['channel'],
  status: d.status,
  attempts: d.attempts,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
})

/**
 * The API's answer for one enquiry. The top-level delivery fields describe the mail, as they did
 * before there were other channels; `deliveries` has every channel.
 */
export function toEnquiry(row: EnquiryRow, rows: DeliveryRow[], ownerName: string | null = null): Enquiry {
  const mail = rows.find((d) => d.channel === 'mail')
  return {
    _id: row.id,
    fname: row.fname,
    lname: row.lname,
    email: row.email,
    phone: row.phone,
    services: row.services,
    message: row.message,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    deliveryStatus: mail?.status ?? 'pending',
    deliveryAttempts: mail?.attempts ?? 0,
    lastError: mail?.lastError ?? null,
    deliveredAt: mail?.deliveredAt?.toISOString() ?? null,
    handledAt: row.handledAt?.toISOString() ?? null,
    ...contextOf(row),
    deliveries: [...rows].sort((a, b) => a.channel.localeCompare(b.channel)).map(toDelivery),
    stage: row.stage,
    ownerId: row.ownerId,
    ownerName: row.ownerId ? ownerName : null,
    value: row.value,
    followUpAt: row.followUpAt?.toISOString() ?? null,
    contactId: contactOf(row),
  }
}
