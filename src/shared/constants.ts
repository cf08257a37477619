export const BASE_LANGUAGE = 'en'

export const COMPANY_NAME = 'Costa del Sol Villas'

/** The company's tagline as English source text (a translation key): home hero, portfolio lead. */
export const TAGLINE = 'Luxury villas on the Costa del Sol, designed and built as one'

/** The reviews the home page shows (the SEO check reads the same ones for their alt text). */
export const HOME_REVIEW_COUNT = 6

/** SPEC 3: the enquiry subject is "a fixed constant that names the company". */
export const ENQUIRY_SUBJECT = `New enquiry for ${COMPANY_NAME}`

/** SPEC 5: the only services a visitor can tick on the contact form. */
export const ENQUIRY_SERVICES = ['Design & Build', 'Renovation'] as const

/** Field that people never see and bots fill in; a filled one is dropped quietly. */
export const HONEYPOT_FIELD = 'website'

/**
 * Widths the server derives for every uploaded image (srcset candidates). 768 covers a 412 px phone
 * at 1.75x (721 px) and a 360-384 px one at 2x, 1280 a 360-426 px phone at 2.6-3x (most phones):
 * each would otherwise get the next size up, a third to twice the bytes. Images stored before a
 * change get the new widths in the background.
 */
export const IMAGE_WIDTHS = [480, 768, 960, 1280, 1600] as const

/**
 * The campaign parameters kept with an enquiry: those of the visit's landing page, captured in
 * the browser (sessionStorage, no cookie) and sent with the form (decision 054).
 */
export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number]

/**
 * The version of the consent wording next to the forms (the first layer of information and the
 * checkbox). An enquiry records it with the page's language; change it whenever the default
 * wording changes (decision 052).
 */
export const CONSENT_TEXT_VERSION = '2026-11-24'

/** The translation page that holds the privacy policy's text, and its address. */
export const PRIVACY_POLICY_PAGE = 'privacy-policy'

/** Longest accepted enquiry fields (characters); the form echoes back no more than these. */
export const ENQUIRY_LIMITS = {
  fname: 100,
  lname: 100,
  email: 254,
  phone: 40,
  message: 5000,
  pageUrl: 2000,
  campaign: 200,
} as const

/** Shown (translated) when the consent box is not ticked, by the browser's check and the server's. */
export const CONSENT_REQUIRED = 'Please accept the privacy policy to send your message.'
