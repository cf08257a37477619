import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { translationMemory } from '../db/schema.js'
import type { LanguagePair } from './providers/provider.js'

// The translation memory (issue 40, item 5; decision 142): published target segments by source
// segment and pair. Exact matches fill without the machine; close ones (75% or more, by edit
// distance) are offered. PGlite has no pg_trgm, so close matches are found in JS among a bounded
// set of candidates of a similar length that share a word with the sentence.

export const FUZZY_MIN = 0.75
const CANDIDATES = 200
const MAX_SUGGESTIONS = 3

export interface MemorySuggestion {
  source: string
  target: string
  similarity: number
}
export interface MemoryMatches {
  exact: string | null
  suggestions: MemorySuggestion[]
}

/** Levenshtein distance, stopping once it passes `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, row[j]!)
    }
    if (best > max) return max + 1
    prev = row
  }
  return prev[b.length]!
}

export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length)
  if (longest === 0) return 1
  const max = Math.floor(longest * (1 - FUZZY_MIN))
  return 1 - distance(a, b, max) / longest
}

const pairIs = (pair: LanguagePair) =>
  and(eq(translationMemory.sourceLanguage, pair.source), eq(translationMemory.targetLanguage, pair.target))

/** Exact matches only: source sentence -> target (what fills skip the machine for). */
export async function exactMatches(
  db: Executor,
  pair: LanguagePair,
  sentences: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(sentences)].filter((s) => s.trim())
  const found = new Map<string, string>()
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .select({ source: translationMemory.source, target: translationMemory.target })
      .from(translationMemory)
      .where(and(pairIs(pair), inArray(translationMemory.source, wanted.slice(i, i + 500))))
    for (const row of rows) found.set(row.source, row.target)
  }
  return found
}

/** Close matches of one sentence, best first. */
export async function closeMatches(db: Executor, pair: LanguagePair, sentence: string): Promise<MemorySuggestion[]> {
  const words = [...new Set(sentence.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])].slice(0, 8)
  if (words.length === 0) return []
  const low = Math.floor(sentence.length * FUZZY_MIN)
  const high = Math.ceil(sentence.length / FUZZY_MIN)
  const rows = await db
    .select({ source: translationMemory.source, target: translationMemory.target })
    .from(translationMemory)
    .where(
      and(
        pairIs(pair),
        sql`length(${translationMemory.source}) between ${low} and ${high}`,
        sql`(${sql.join(
          words.map((w) => sql`position(${w} in lower(${translationMemory.source})) > 0`),
          sql` or `,
        )})`,
      ),
    )
    .limit(CANDIDATES)
  return rows
    .filter((row) => row.source !== sentence)
    .map((row) => ({ ...row, similarity: Math.round(similarity(sentence, row.source) * 100) / 100 }))
    .filter((row) => row.similarity >= FUZZY_MIN)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, MAX_SUGGESTIONS)
}

/** For each sentence: its exact match and close suggestions (what the workbench shows). */
export async function lookupMemory(
  db: Executor,
  pair: LanguagePair,
  sentences: string[],
): Promise<Map<string, MemoryMatches>> {
  const exact = await exactMatches(db, pair, sentences)
  const out = new Map<string, MemoryMatches>()
  for (const sentence of new Set(sentences)) {
    const hit = exact.get(sentence) ?? null
    out.set(sentence, { exact: hit, suggestions: hit ? [] : await closeMatches(db, pair, sentence) })
  }
  return out
}

/**
 * Keeps published segment pairs. A person's text replaces anything; a machine's never replaces a
 * person's.
 */
export async function remember(
  db: Executor,
  pair: LanguagePair,
  entries: { source: string; target: string; origin: 'person' | 'machine' }[],
): Promise<void> {
  const unique = new Map(entries.filter((e) => e.source.trim() && e.target.trim()).map((e) => [e.source, e]))
  for (const entry of unique.values())
    await db
      .insert(translationMemory)
      .values({ sourceLanguage: pair.source, targetLanguage: pair.target, ...entry })
      .onConflictDoUpdate({
        target: [translationMemory.sourceLanguage, translationMemory.targetLanguage, translationMemory.source],
        set: { target: entry.target, origin: entry.origin, updatedAt: new Date() },
        setWhere: entry.origin === 'machine' ? sql`${translationMemory.origin} = 'machine'` : undefined,
      })
}

/** Search for the memory screen: sources or targets holding `q` (case aside), newest first. */
export async function searchMemory(db: Executor, pair: LanguagePair, q: string, limit = 100) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select()
    .from(translationMemory)
    .where(
      and(
        pairIs(pair),
        q
          ? sql`(lower(${translationMemory.source}) like ${like} or lower(${translationMemory.target}) like ${like})`
          : undefined,
      ),
    )
    .orderBy(sql`${translationMemory.updatedAt} desc`)
    .limit(limit)
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The pair's memory as TMX 1.4b. */
export async function memoryTmx(db: Executor, pair: LanguagePair): Promise<string> {
  const rows = await db.select().from(translationMemory).where(pairIs(pair)).orderBy(translationMemory.source)
  const units = rows.map(
    (row) =>
      `    <tu creationid="${row.origin}" changedate="${row.updatedAt.toISOString().replace(/[-:]|\.\d+/g, '')}">\n` +
      `      <tuv xml:lang="${xml(pair.source)}"><seg>${xml(row.source)}</seg></tuv>\n` +
      `      <tuv xml:lang="${xml(pair.target)}"><seg>${xml(row.target)}</seg></tuv>\n    </tu>`,
  )
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n` +
    `  <header creationtool="costa-del-sol-villas" creationtoolversion="1" segtype="sentence" o-tmf="none" adminlang="en" srclang="${xml(pair.source)}" datatype="plaintext"/>\n` +
    `  <body>\n${units.join('\n')}${units.length ? '\n' : ''}  </body>\n</tmx>\n`
  )
}
