import { z } from 'zod'
import { ENQUIRY_SERVICES, HONEYPOT_FIELD } from '../constants.js'
import { optionalText, requiredText } from './fields.js'

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

/** SPEC 5: the contact form. The subject is the client's, but the server never trusts it for headers. */
export const enquirySchema = z.object({
  fname: requiredText('First name', 100),
  lname: requiredText('Last name', 100),
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .max(254, 'E-mail is too long')
    .pipe(z.email({ error: 'E-mail must be a valid e-mail address' })),
  phone: requiredText('Phone', 40),
  services: servicesSchema.optional().default(''),
  message: requiredText('Message', 5000),
  subject: optionalText('Subject', 200).optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
})
export type EnquiryInput = z.input<typeof enquirySchema>
