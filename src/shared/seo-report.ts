/**
 * The SEO check (issue 24, item 8; decision 113): what GET /api/admin/seo-report answers and the
 * 'SEO check' screen shows. The guidance is the usual one for search results.
 */
export const SEO_GUIDANCE = { titleMax: 60, descriptionMin: 120, descriptionMax: 156 } as const

export type SeoProblemKind =
  | 'missing-title'
  | 'duplicate-title'
  | 'long-title'
  | 'missing-description'
  | 'duplicate-description'
  | 'description-length'
  | 'noindex'
  | 'redirect-chain'
  | 'hreflang'
  | 'missing-alt'

export interface SeoProblem {
  kind: SeoProblemKind
  /** The public path the problem is on (a redirect's source for a chain). */
  path: string
  message: string
  /** The back-office screen where it is fixed. */
  fix: string
}

export interface SeoLanguageReport {
  code: string
  name: string
  /** The pages the language's sitemap lists (indexable, published). */
  pages: number
  problems: SeoProblem[]
}

export interface SeoReport {
  generatedAt: string
  guidance: typeof SEO_GUIDANCE
  languages: SeoLanguageReport[]
  /** What the check cannot see yet, in words. */
  notes: string[]
}
