import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { glossaryTerms } from '../db/schema.js'
import type { GlossaryTerm } from './placeholders.js'
import type { LanguagePair } from './providers/provider.js'

// Glossary per language pair (issue 40, item 4; decision 144): a fixed translation, or a term
// never translated (`target` null; one equal to its source is stored as null).

const pairIs = (pair: LanguagePair) =>
  and(eq(glossaryTerms.sourceLanguage, pair.source), eq(glossaryTerms.targetLanguage, pair.target))

export async function glossaryOf(db: Executor, pair: LanguagePair): Promise<GlossaryTerm[]> {
  const rows = await db
    .select({ source: glossaryTerms.source, target: glossaryTerms.target })
    .from(glossaryTerms)
    .where(pairIs(pair))
    .orderBy(glossaryTerms.source)
  return rows
}

/** Replaces the pair's terms (one per source; the last given wins). */
export async function replaceGlossary(
  db: Executor,
  pair: LanguagePair,
  terms: GlossaryTerm[],
): Promise<GlossaryTerm[]> {
  const bySource = new Map(
    terms.map((t) => {
      const source = t.source.trim()
      const target = t.target?.trim() || null
      return [source, { source, target: target === source ? null : target }] as const
    }),
  )
  await db.delete(glossaryTerms).where(pairIs(pair))
  const rows = [...bySource.values()].filter((t) => t.source)
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(glossaryTerms)
      .values(rows.slice(i, i + 500).map((t) => ({ sourceLanguage: pair.source, targetLanguage: pair.target, ...t })))
  return glossaryOf(db, pair)
}
