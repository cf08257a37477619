/**
 * A record's own search and social fields, per language (issue 24, item 1; decision 112). Empty
 * means the page's default, derived from its content: its title, its text, the generated card.
 */
export interface SeoFields {
  seoTitle: string
  seoDescription: string
  /** An uploaded image's path, shown as the social card instead of the generated one. */
  ogImage: string | null
  /** Kept out of search: `<meta name="robots" content="noindex">`, the sitemaps and every hreflang set. */
  noindex: boolean
}

export const SEO_FIELD_NAMES = ['seoTitle', 'seoDescription', 'ogImage', 'noindex'] as const

export const EMPTY_SEO: SeoFields = { seoTitle: '', seoDescription: '', ogImage: null, noindex: false }

/** What the API refuses: generous, so a long title is the editor's choice, not a wall. */
export const SEO_LIMITS = { seoTitle: 120, seoDescription: 320 } as const

/** What search results show before they cut (the usual guidance the counters colour by). */
export const SEO_GUIDANCE = {
  seoTitle: { min: 1, max: 60 },
  seoDescription: { min: 120, max: 156 },
} as const

export type Guidance = 'empty' | 'short' | 'good' | 'long'

/** Where a text's length stands against the guidance (the counters' colour). */
export function guidanceOf(field: keyof typeof SEO_GUIDANCE, length: number): Guidance {
  const { min, max } = SEO_GUIDANCE[field]
  if (length === 0) return 'empty'
  if (length < min) return 'short'
  return length <= max ? 'good' : 'long'
}

/** The SEO fields of a row or a draft (absent ones empty). */
export function seoOf(source: Partial<SeoFields> | null | undefined): SeoFields {
  return {
    seoTitle: source?.seoTitle ?? '',
    seoDescription: source?.seoDescription ?? '',
    ogImage: source?.ogImage ?? null,
    noindex: source?.noindex ?? false,
  }
}
