import type { Enquiry } from '../../../shared/types.js'

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A timestamp as the admin reads it, in their own time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

export const fullName = (enquiry: Enquiry) => `${enquiry.fname} ${enquiry.lname}`.trim()

/** 'sent', or 'pending' with the attempts so far, per channel: "mail sent, webhook pending (2 attempts)". */
export function deliveryText(enquiry: Enquiry) {
  const deliveries =
    enquiry.deliveries.length > 0
      ? enquiry.deliveries
      : [{ channel: 'mail' as const, status: enquiry.deliveryStatus, attempts: enquiry.deliveryAttempts }]
  const one = ({ status, attempts }: { status: string; attempts: number }) =>
    status === 'sent' ? 'sent' : `pending (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`
  if (deliveries.length === 1) return one(deliveries[0]!)
  return deliveries.map((d) => `${d.channel} ${one(d)}`).join(', ')
}

/** "Villa Brisa (es)", or null when the enquiry names no project. */
export const projectText = (enquiry: Enquiry) =>
  enquiry.project ? `${enquiry.project.title} (${enquiry.project.language})` : null
