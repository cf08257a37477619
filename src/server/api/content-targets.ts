import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { PageTranslations } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { notFound } from '../errors.js'
import type { ContentTarget } from '../services/access-policy.js'
import { recordKind, type RecordKind } from '../services/publishing/record-kinds.js'

// What a content route acts on, as the access policy needs it: kind, language, original or not.
// Read before anything is changed, so a refused call changes nothing.

/** A project or a review, by id: its kind's "not found" message when there is none. */
export async function recordTarget(db: Executor, kind: RecordKind, id: string): Promise<ContentTarget> {
  const [row] = await db
    .select({ language: kind.table.language, parentId: kind.table.parentId })
    .from(kind.table)
    .where(eq(kind.table.id, id))
  if (!row) throw notFound(kind.notFound)
  return { kind: kind.kind, language: row.language, original: row.parentId === null }
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
  if (target.kind !== 'translation-page') return recordTarget(db, recordKind(target.kind), target.id)
  const language = target.language ?? BASE_LANGUAGE
  return { kind: 'translation-page', language, original: language === BASE_LANGUAGE }
}
