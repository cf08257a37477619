import { z } from 'zod'
import { optionalText, requiredText } from './fields.js'

// The business, described once (issue 24, item 5): the contact page, the footer and the JSON-LD
// read these. Every message names the field, so the screen marks the field at fault. What the
// public pages need of them is in ../site-settings.ts, which does not load zod.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// Digits with the separators people write (+34 952 000 000, (952) 000-000); 6 to 15 digits (E.164).
const PHONE = /^\+?[0-9][0-9 ().-]*$/

const email = optionalText('E-mail', 254).refine(
  (v) => v === '' || EMAIL.test(v),
  'E-mail must be a valid e-mail address',
)

const phone = optionalText('Phone', 40).refine((v) => {
  if (v === '') return true
  const digits = v.replace(/\D/g, '').length
  return PHONE.test(v) && digits >= 6 && digits <= 15
}, 'Phone must be a phone number such as +34 952 000 000')

const profileUrl = (label: string) =>
  optionalText(label, 300).refine((v) => {
    if (v === '') return true
    try {
      const url = new URL(v)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
    } catch {
      return false
    }
  }, `${label} must be a web address starting with https://`)

/** A coordinate typed in a form (text) or sent as a number; empty means "not given". */
const coordinate = (label: string, limit: number) =>
  z.union([z.number(), z.string().trim(), z.null()], { error: `${label} must be a number` }).transform((value, ctx) => {
    if (value === null || value === '') return null
    const n = typeof value === 'number' ? value : Number(value)
    if (!Number.isFinite(n) || n < -limit || n > limit) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number from -${limit} to ${limit}` })
      return z.NEVER
    }
    return n
  })

/** Areas served: a list, or text with one area per line (the form's textarea). */
const areas = z
  .union([z.array(z.string({ error: 'Areas served must be text' })), z.string()], {
    error: 'Areas served must be a list of places',
  })
  .transform((value) => (typeof value === 'string' ? value.split(/\r?\n|,/) : value))
  .transform((list) => list.map((area) => area.trim()).filter(Boolean))
  .refine((list) => list.length <= 30, 'Areas served must be at most 30 places')
  .refine((list) => list.every((area) => area.length <= 80), 'Areas served: each place must be at most 80 characters')

export const siteSettingsSchema = z
  .object({
    companyName: requiredText('Company name', 100),
    email: email.default(''),
    phone: phone.default(''),
    streetAddress: optionalText('Street address', 200).default(''),
    locality: optionalText('Town', 100).default(''),
    region: optionalText('Region', 100).default(''),
    postalCode: optionalText('Postal code', 20).default(''),
    country: optionalText('Country', 100).default(''),
    latitude: coordinate('Latitude', 90).default(null),
    longitude: coordinate('Longitude', 180).default(null),
    areasServed: areas.default([]),
    instagram: profileUrl('Instagram').default(''),
    facebook: profileUrl('Facebook').default(''),
    linkedin: profileUrl('LinkedIn').default(''),
    youtube: profileUrl('YouTube').default(''),
  })
  .refine((s) => (s.latitude === null) === (s.longitude === null), {
    message: 'Latitude and longitude go together: give both or neither',
    path: ['longitude'],
  })

export type SiteSettingsInput = z.input<typeof siteSettingsSchema>
export type SiteSettings = z.output<typeof siteSettingsSchema>
