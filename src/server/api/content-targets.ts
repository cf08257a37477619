import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { PageTranslations } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { projects, reviews } from '../db/schema.js'
import { notFound } from '../errors.js'
import type { ContentTarget } from '../services/access-policy.js'
import { PROJECT_NOT_FOUND } from '../services/projects.js'
import { REVIEW_NOT_FOUND } from '../services/reviews.js'

// What a content route acts on, as the access policy needs it: kind, language, original or not.
// Read before anything is changed, so a refused call changes nothing.

export async function projectTarget(db: Executor, id: string, notFoundMessage: string): Promise<ContentTarget> {
  const [row] = await db
    .select({ language: projects.language, parentId: projects.parentId })
    .from(projects)
    .where(eq(projects.id, id))
  if (!row) throw notFound(notFoundMessage)
  return { kind: 'project', language: row.language, original: row.parentId === null }
}

export async function reviewTarget(db: Executor, id: string, notFoundMessage: string): Promise<ContentTarget> {
  const [row] = await db
    .select({ language: reviews.language, parentId: reviews.parentId })
    .from(reviews)
    .where(eq(reviews.id, id))
  if (!row) throw notFound(notFoundMessage)
  return { kind: 'review', language: row.language, original: row.parentId === null }
}

/** A new translation into the language the form names. */
export const translationTarget = (kind: 'project' | 'review', language: unknown): ContentTarget => ({
  kind,
  language: String(language ?? '')
    .trim()
    .toLowerCase(),
  original: false,
})

/**
 * The languages whose text a page update changes (the update replaces the whole text, so a
 * language left out is a change too). The base language's text is the page's original.
 */
export function changedPageLanguages(
  before: PageTranslations,
  after: PageTranslations | undefined,
  seo: Record<string, unknown> = {},
): ContentTarget[] {
  const old = before[0] ?? {}
  const next = after?.[0] ?? {}
  const codes = after ? new Set([...Object.keys(old), ...Object.keys(next)]) : new Set<string>()
  const changed = [...codes].filter((code) => JSON.stringify(old[code] ?? {}) !== JSON.stringify(next[code] ?? {}))
  // A language's SEO fields are that language's content (decision 112).
  return [...new Set([...changed, ...Object.keys(seo)])].map((language) => ({
    kind: 'translation-page',
    language,
    original: language === BASE_LANGUAGE,
  }))
}

/** The record a publishing call names (kind, id and, for a page text, the language). */
export async function publishingTarget(
  db: Executor,
  target: { kind: 'project' | 'review' | 'translation-page'; id: string; language?: string },
): Promise<ContentTarget> {
  if (target.kind === 'project') return projectTarget(db, target.id, PROJECT_NOT_FOUND)
  if (target.kind === 'review') return reviewTarget(db, target.id, REVIEW_NOT_FOUND)
  const language = target.language ?? BASE_LANGUAGE
  return { kind: 'translation-page', language, original: language === BASE_LANGUAGE }
}
