import type { Enquiry } from '../../../shared/types.js'

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** A timestamp as the admin reads it, in their own time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

export const fullName = (enquiry: Enquiry) => `${enquiry.fname} ${enquiry.lname}`.trim()

/** 'sent', or 'pending' with the attempts so far. */
export function deliveryText(enquiry: Enquiry) {
  if (enquiry.deliveryStatus === 'sent') return 'sent'
  const attempts = enquiry.deliveryAttempts
  return `pending (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`
}
