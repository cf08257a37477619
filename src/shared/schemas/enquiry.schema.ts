import { z } from 'zod'
import {
  CAMPAIGN_PARAMS,
  type CampaignParam,
  CONSENT_REQUIRED,
  ENQUIRY_LIMITS,
  ENQUIRY_SERVICES,
  HONEYPOT_FIELD,
} from '../constants.js'

import { booleanish, optionalText, requiredText } from './fields.js'

const servicesSchema = z
  .union([z.string(), z.array(z.string())], { error: 'Services must be a list of services' })
  .transform((value, ctx) => {
    const chosen = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean)
    for (const service of chosen) {
      if (!(ENQUIRY_SERVICES as readonly string[]).includes(service)) {
        ctx.addIssue({ code: 'custom', message: `Services may only be ${ENQUIRY_SERVICES.join(' or ')}` })
        return z.NEVER
      }
    }
    return [...new Set(chosen)].join(', ')
  })

export { CONSENT_REQUIRED }

function campaignFields() {
  const fields = {} as Record<CampaignParam, z.ZodOptional<ReturnType<typeof optionalText>>>
  for (const name of CAMPAIGN_PARAMS) fields[name] = optionalText(name, ENQUIRY_LIMITS.campaign).optional()
  return fields
}

/** SPEC 5: the contact form. The subject is the client's, but the server never trusts it for headers. */
export const enquirySchema = z.object({
  fname: requiredText('First name', ENQUIRY_LIMITS.fname),
  lname: requiredText('Last name', ENQUIRY_LIMITS.lname),
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .max(ENQUIRY_LIMITS.email, 'E-mail is too long')
    .pipe(z.email({ error: 'E-mail must be a valid e-mail address' })),
  phone: requiredText('Phone', ENQUIRY_LIMITS.phone),
  services: servicesSchema.optional().default(''),
  message: requiredText('Message', ENQUIRY_LIMITS.message),
  subject: optionalText('Subject', 200).optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  // Issue 11: the context of a lead, all optional (old clients send none of it).
  /** The project's slug or _id; the server looks it up and keeps its own title, never the client's. */
  project: optionalText('Project', 200).optional(),
  /** The language of the page the form was on. */
  language: z
    .string({ error: 'Language must be a language code' })
    .trim()
    .max(20, 'Language must be a language code')
    .regex(/^$|^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'Language must be a language code')
    .optional(),
  pageUrl: z
    .string({ error: 'Page URL must be an http(s) address' })
    .trim()
    .max(ENQUIRY_LIMITS.pageUrl, `Page URL must be at most ${ENQUIRY_LIMITS.pageUrl} characters`)
    .refine((url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url), 'Page URL must be an http(s) address')
    .optional(),
  ...campaignFields(),
  /** The consent checkbox. Required by the site's forms; on the API an explicit false is refused. */
  consent: booleanish('Consent').optional(),
})
export type EnquiryInput = z.input<typeof enquirySchema>

/**
 * The site's forms: the same fields, and the consent box must be ticked (issue 11, decision 052).
 * A field of its own, so its message shows together with the other fields' messages.
 */
export const siteEnquirySchema = enquirySchema.extend({
  // Absent counts as unticked (an optional key would be skipped, its message never shown).
  consent: z
    .preprocess((value) => value ?? false, booleanish('Consent'))
    .refine((consent) => consent === true, CONSENT_REQUIRED),
})

/** get-enquiries and the CSV: `?project=<slug>&language=<code>&status=pending|sent`. */
export const enquiryFilterSchema = z.object({
  project: z.string().trim().max(200, 'project must be at most 200 characters').optional(),
  language: z.string().trim().max(20, 'language must be a language code').optional(),
  status: z
    .enum(['pending', 'sent'], { error: 'status must be pending (any channel not delivered yet) or sent' })
    .optional(),
  // Issue 42: the board's and list's filters.
  stage: z.string().trim().max(40, 'stage must be a stage key').optional(),
  ownerId: z
    .string()
    .trim()
    .regex(/^([0-9a-f-]{36}|none)$/i, "ownerId must be a team member's id or none")
    .optional(),
  // The dashboard's "follow-ups are due" link: open enquiries whose follow-up time has come.
  followUp: z.enum(['due'], { error: 'followUp must be due' }).optional(),
})
export type EnquiryFilter = z.output<typeof enquiryFilterSchema>
