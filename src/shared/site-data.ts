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
export interface SiteData {
  publicUrl: string
  languages(): Promise<Language[]>
  projects(language: string): Promise<Project[]>
  /** By slug or id; null when there is none. */
  project(slugOrId: string): Promise<Project | null>
  reviews(language: string): Promise<Review[]>
  /** The page's text per language (SPEC 3: translations[0]); empty when the page has none. */
  pageText(page: string): Promise<PageText>
  images(paths: (string | null | undefined)[]): Promise<Record<string, ImageMeta>>
  sendEnquiry(input: unknown): Promise<EnquiryResult>
}
