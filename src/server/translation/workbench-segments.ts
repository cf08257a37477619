import type {
  GlossaryHint,
  MemorySuggestion,
  WorkbenchField,
  WorkbenchSegment,
} from '../../shared/translation-workbench.js'

// What the workbench adds to each field (issue 40, items 4 and 5): its sentences, each with the
// memory's exact match and close suggestions, and the glossary's terms it holds. The splitting,
// the memory and the glossary are the translation core's; the workbench only asks them.

export interface LanguagePair {
  source: string
  target: string
}

export interface MemoryMatches {
  exact: string | null
  suggestions: MemorySuggestion[]
}

/** The translation core as the workbench uses it (wired in the route). */
export interface TranslationAids {
  /** A text's sentences, in order (a short text is one). */
  segment: (text: string) => string[]
  /** For each source sentence, the memory's exact match and close suggestions (75% or more). */
  memory: (pair: LanguagePair, sentences: string[]) => Promise<Map<string, MemoryMatches>>
  /** The pair's glossary. */
  glossary: (pair: LanguagePair) => Promise<GlossaryHint[]>
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The terms a text holds, as whole words, case aside. */
export function termsIn(text: string, terms: GlossaryHint[]): GlossaryHint[] {
  return terms.filter((term) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term.source)}($|[^\\p{L}\\p{N}])`, 'iu').test(text),
  )
}

type PlainField = Omit<WorkbenchField, 'segments' | 'glossary'>

/** The fields with their segments, memory matches and glossary hints: one memory read for them all. */
export async function withAids(aids: TranslationAids, pair: LanguagePair, fields: PlainField[]) {
  const sentences = fields.map((field) => aids.segment(field.source))
  const [memory, terms] = await Promise.all([aids.memory(pair, [...new Set(sentences.flat())]), aids.glossary(pair)])
  return fields.map((field, i): WorkbenchField => {
    const segments = sentences[i]!.map((source, index): WorkbenchSegment => ({
      index,
      source,
      exact: memory.get(source)?.exact ?? null,
      suggestions: memory.get(source)?.suggestions ?? [],
      glossary: termsIn(source, terms),
    }))
    return { ...field, segments, glossary: termsIn(field.source, terms) }
  })
}
