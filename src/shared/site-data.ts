import type { SiteSettings } from './schemas/site-settings.schema.js'
import type { SeoFields } from './seo-fields.js'
import type { Language, PageTranslations, Project, Review } from './types.js'

/** Sizes of a stored image, for width/height and srcset. */
export interface ImageMeta {
  width: number
  height: number
  /** Widths of the WebP (and, when `avif`, AVIF) variants. */
  widths: number[]
  avif: boolean
}

export type PageText = PageTranslations[number]

export type EnquiryResult = { ok: true } | { ok: false; status: number; message: string; field?: string }

/**
 * What the site's loaders and actions may ask of the server, in process (no HTTP hop).
 * The server builds it (src/server/site/site-data.ts) and hands it over as the load context.
 */
/** A slice of the portfolio: `limit` originals from `offset`, newest first unless `oldestFirst`. */
export interface ProjectSlice {
  limit: number
  offset?: number
  oldestFirst?: boolean
}

export interface SiteData {
  publicUrl: string
  /** WHATSAPP_NUMBER in digits; null shows no WhatsApp button. */
  whatsappNumber: string | null
  languages(): Promise<Language[]>
  /** Originals in `language` (their translation where there is one); empty for an unknown language. */
  projects(language: string, slice: ProjectSlice): Promise<Project[]>
  /** How many originals there are: the portfolio's length in every language. */
  projectCount(): Promise<number>
  /** Whole translation groups (every language version of each original), for the sitemaps. */
  projectGroups(slice: ProjectSlice): Promise<Project[][]>
  /** By slug or id; null when there is none. */
  project(slugOrId: string): Promise<Project | null>
  /** The newest `limit` reviews in `language`. */
  reviews(language: string, limit: number): Promise<Review[]>
  /** The page's text per language (SPEC 3: translations[0]); empty when the page has none. */
  pageText(page: string): Promise<PageText>
  /** The page text's SEO fields per published language (decision 112); empty when it has none. */
  pageSeo(page: string): Promise<Record<string, SeoFields>>
  images(paths: (string | null | undefined)[]): Promise<Record<string, ImageMeta>>
  /** When pages last changed (page text by slug, and `projects`), for the sitemaps' lastmod. */
  lastModified(): Promise<Record<string, string>>
  /** The business's name, contact details, place and profiles (Site settings). */
  settings(): Promise<SiteSettings>
  /** An enquiry from the site's forms: the consent box must be ticked. */
  sendEnquiry(input: unknown): Promise<EnquiryResult>
}
