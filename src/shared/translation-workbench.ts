import type { PublishingFields } from './publishing.js'

// The side-by-side translation screen's one read (issue 40, decision 145): every translatable
// field of a record (or a page text) in one language, its source beside its target, with what the
// memory and the glossary offer per sentence. Shared by the server and the back office.

export type WorkbenchKind = 'project' | 'review' | 'translation-page'

/** A glossary term as a hint: `target` null means the term is never translated. */
export interface GlossaryHint {
  source: string
  target: string | null
}

/** A close match from the translation memory, offered with its similarity (0.75 to 1). */
export interface MemorySuggestion {
  source: string
  target: string
  similarity: number
}

/** One sentence of a long source text, with what the memory and the glossary offer for it. */
export interface WorkbenchSegment {
  index: number
  source: string
  /** An exact match of this sentence in the memory: filled without the machine. */
  exact: string | null
  suggestions: MemorySuggestion[]
  glossary: GlossaryHint[]
}

export interface WorkbenchField {
  /** Names the field in every translation call: `title`, `amenities.0.title`, `imageAlts.<path>`, a page text's key. */
  key: string
  /** The field in words: 'Gallery description 1', 'Amenity 2 title', 'Alt text of the banner image'. */
  label: string
  /** Shown as a text area. */
  long: boolean
  maxLength: number | null
  source: string
  /** The target language's text (its draft over its published text); '' when it has none. */
  target: string
  /** The source changed since the target was last brought up to date: its text then and now. */
  outdated: { before: string; after: string } | null
  /** Filled by a machine and not yet reviewed by a person. */
  machine: boolean
  /** Sentences of a long text (a short one is one segment). */
  segments: WorkbenchSegment[]
  /** Glossary terms in the whole field's source. */
  glossary: GlossaryHint[]
}

export interface Workbench {
  kind: WorkbenchKind
  /** The original's id (a page's id for page text): what the screen's address names. */
  id: string
  /** What the screen names: the original's title, or the page's slug. */
  name: string
  sourceLanguage: string
  language: string
  /** Whose text is the source: the original's published text, or its draft (`?source=draft`). */
  source: 'published' | 'draft'
  /** The translation being edited (project/review), null until it exists; the page's id for page text. */
  targetId: string | null
  /** Its version (page text: the page's), for a save that must not overwrite a newer one. */
  targetVersion: number | null
  /** The target's publishing state in this language, null until it exists. */
  publishing: PublishingFields | null
  fields: WorkbenchField[]
  /** The keys of `fields` filled by machine and not reviewed. */
  machineFields: string[]
}

/** `?source=` of the read. */
export const WORKBENCH_SOURCES = ['published', 'draft'] as const

/** The screen's address for a record (or a page text) in a language. */
export const workbenchPath = (kind: WorkbenchKind, id: string, language: string) =>
  `/admin/translate/${kind}/${encodeURIComponent(id)}/${encodeURIComponent(language)}`
