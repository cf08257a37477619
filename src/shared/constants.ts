export const BASE_LANGUAGE = 'en'

export const COMPANY_NAME = 'Costa del Sol Villas'

/** The company's tagline as English source text (a translation key): home hero, portfolio lead. */
export const TAGLINE = 'Luxury villas on the Costa del Sol, designed and built as one'

/** SPEC 3: the enquiry subject is "a fixed constant that names the company". */
export const ENQUIRY_SUBJECT = `New enquiry for ${COMPANY_NAME}`

/** SPEC 5: the only services a visitor can tick on the contact form. */
export const ENQUIRY_SERVICES = ['Design & Build', 'Renovation'] as const

/** Field that people never see and bots fill in; a filled one is dropped quietly. */
export const HONEYPOT_FIELD = 'website'

/** Widths the server derives for every uploaded image (srcset candidates). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const
