import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { LanguageInput } from '../../shared/schemas/language.schema.js'
import type { Enquiry, PageTranslations, Project, Review } from '../../shared/types.js'

// The content builders of the demo seed, the API tests and the end-to-end tests (STYLE: test
// data from the same builders). Each answers a complete record's input with plausible defaults,
// which a caller overrides where it matters. Client-safe on purpose: no database, no disk, no
// image library, so a Playwright test can import it as readily as the seed.

/** What add-project takes for a project (SPEC 3), before its images. */
export type ProjectDraft = Pick<
  Project,
  | 'title'
  | 'description'
  | 'status'
  | 'space'
  | 'isShow'
  | 'beds'
  | 'baths'
  | 'galleryTitle1'
  | 'galleryDesc1'
  | 'galleryTitle2'
  | 'galleryDesc2'
  | 'language'
  | 'amenities'
>

export const buildProject = (overrides: Partial<ProjectDraft> = {}): ProjectDraft => ({
  title: 'Villa Test, Marbella',
  description: 'A test villa.',
  status: 'Completed 2024',
  space: '500 m²',
  isShow: false,
  beds: 4,
  baths: 3,
  galleryTitle1: '',
  galleryDesc1: '',
  galleryTitle2: '',
  galleryDesc2: '',
  language: BASE_LANGUAGE,
  amenities: [],
  ...overrides,
})

/** What add-project takes besides the fields when it creates a translation. */
export interface ProjectTranslationDraft {
  translate: true
  parentId: string
  translatedSlug?: string
}

export const buildProjectTranslation = (
  parentId: string,
  overrides: Partial<Omit<ProjectTranslationDraft, 'translate' | 'parentId'>> = {},
): ProjectTranslationDraft => ({ translate: true, parentId, ...overrides })

/** What add-review takes for a review, before its image. */
export type ReviewDraft = Pick<Review, 'title' | 'description' | 'language'>

export const buildReview = (overrides: Partial<ReviewDraft> = {}): ReviewDraft => ({
  title: 'Maria Lopez, Marbella',
  description: 'A wonderful team; the villa was finished on time.',
  language: BASE_LANGUAGE,
  ...overrides,
})

export const buildLanguage = (overrides: Partial<LanguageInput> = {}): LanguageInput => ({
  code: 'es',
  name: 'Español',
  ...overrides,
})

/** A translation page: its slug and the text of each language (SPEC 3 shape). */
export interface TranslationPageDraft {
  page: string
  translations: PageTranslations
}

export const buildTranslationPage = (overrides: Partial<TranslationPageDraft> = {}): TranslationPageDraft => ({
  page: 'privacy-policy',
  translations: [{ es: { Privacy: 'Privacidad' } }],
  ...overrides,
})

/** What the contact form sends (SPEC 3). */
export type EnquiryDraft = Pick<Enquiry, 'fname' | 'lname' | 'email' | 'phone' | 'services' | 'subject' | 'message'>

export const buildEnquiry = (overrides: Partial<EnquiryDraft> = {}): EnquiryDraft => ({
  fname: 'Ana',
  lname: 'García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  services: 'Design & Build',
  subject: 'New enquiry',
  message: 'We would like a villa near Marbella.',
  ...overrides,
})

/**
 * A draft as the text fields of a multipart form (SPEC 7): numbers and flags as text, an empty
 * count as an empty field, lists as JSON.
 */
export function formFields(draft: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [
        name,
        value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
      ]),
  )
}
