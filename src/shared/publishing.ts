import type { SeoFields } from './seo-fields.js'

// Publishing (issue 22): the fields admin reads add to each record (one language), and the
// per-language state of a page text. Shared by the server and the back office.

export type PublishStatus = 'published' | 'draft' | 'scheduled' | 'unpublished'
export type PublishKind = 'project' | 'review' | 'translation-page'
export type VersionState = 'draft' | 'published' | 'unpublished' | 'restored'

export interface NeedsUpdate {
  /** The original's translated fields that changed since this translation was last saved. */
  fields: string[]
  /** The original's values then and now. */
  before: Record<string, string>
  after: Record<string, string>
}

export interface PublishingFields {
  publishStatus: PublishStatus
  hasDraft: boolean
  publishAt: string | null
  unpublishAt: string | null
  version: number
  needsUpdate: NeedsUpdate | null
  scheduleError: string | null
  changedBy: string | null
  changedAt: string
}

/** get-project / get-review: the draft's editable fields, or null. */
export interface WithDraft<T> {
  draft: T | null
}

/** A page-text language's English source: the English value of each of its keys, and their fingerprint. */
export interface PageSource {
  sourceText: Record<string, string>
  sourceFingerprint: string
}

/** One language of a page text, as stored in translation_pages.publishing. */
export interface PageLanguageState {
  state: 'published' | 'draft' | 'unpublished'
  version: number
  changedBy: string | null
  changedAt: string
  draft: Record<string, string> | null
  /** The text of an unpublished language, kept off the public `translations`. */
  withheld: Record<string, string> | null
  scheduleError: string | null
  /** SEO fields waiting to be published (decision 112); the published ones are in translation_pages.seo. */
  seoDraft?: SeoFields | null
  /** The English this language was last saved from (needsUpdate); absent on older data: up to date. */
  sourceText?: PageSource['sourceText'] | null
  sourceFingerprint?: PageSource['sourceFingerprint'] | null
}
export type PagePublishing = Record<string, PageLanguageState>

/** get-translations / get-translation: `publishing[lang]`. */
export type PageLanguagePublishing = PublishingFields & {
  draft: Record<string, string> | null
  seoDraft: SeoFields | null
}

export interface VersionSummary {
  id: string
  number: number
  state: VersionState
  createdAt: string
  changedBy: string
  fields: string[]
}
export interface VersionDetail extends Omit<VersionSummary, 'fields'> {
  data: Record<string, unknown>
}

export interface TrashEntry {
  kind: 'project' | 'review'
  id: string
  title: string
  language: string
  trashedAt: string
  trashedBy: string | null
  purgeAt: string
  translations: number
}
