// What a machine must give back untouched (issue 40, item 3): links, e-mail addresses, phone
// numbers, a page text's `{name}` placeholders, numbers (with a symbol unit: 640 m², 1.2 M€, 5%),
// line breaks and glossary terms. Each becomes an empty inline tag `<x id="N"/>` in XML-escaped
// text; every provider is asked to keep tags (DeepL tag_handling=xml, LibreTranslate and Apertium
// format=html). What comes back must hold each tag exactly once and nothing that looks like a
// protected span of its own; otherwise the segment is refused with the reason.
//
// A number followed by a word ('5 beds') keeps only the number: the word is translated.

export type SpanKind = 'link' | 'email' | 'placeholder' | 'phone' | 'number' | 'break' | 'term'

export interface ProtectedSpan {
  /** The tag's number: `<x id="N"/>`. */
  id: number
  kind: SpanKind
  /** The source's text. */
  text: string
  /** What the tag becomes in the translation (a glossary term's fixed translation; else `text`). */
  output: string
}

/** A glossary term: `target` null (or equal to the source) means never translated. */
export interface GlossaryTerm {
  source: string
  target: string | null
}

export interface ProtectedText {
  /** XML-escaped text with the spans as tags, ready for a provider. */
  markup: string
  spans: ProtectedSpan[]
}

export type Restored = { ok: true; text: string } | { ok: false; reason: string }

const UNIT = String.raw`(?:\s?(?:m²|m2|m³|km²|km|ft²|sq\.?\s?m|sqm|ha|€|\$|£|%|M€|k€))`
const NUMBER = String.raw`\d+(?:[.,\u00a0 ]\d{3})*(?:[.,]\d+)?`

/** In the order they are claimed: an earlier kind's span is never split by a later one. */
const PATTERNS: [SpanKind, RegExp][] = [
  ['link', /\b(?:https?:\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)\]]/giu],
  ['email', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  ['placeholder', /\{[\p{L}\p{N}_.]+\}/gu],
  ['phone', /(?<![\p{L}\p{N}])\+?\d[\d ()./-]{6,}\d(?![\p{L}\p{N}])/gu],
  ['number', new RegExp(String.raw`(?:[€$£]\s?)?${NUMBER}${UNIT}?(?![\p{L}\p{N}])|${NUMBER}`, 'gu')],
  ['break', /\r?\n/g],
]

/** A phone number has 9 digits or more; a shorter run of digits and spaces is numbers. */
const isPhone = (text: string) => (text.match(/\d/g) ?? []).length >= 9

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

interface Found {
  start: number
  end: number
  kind: SpanKind
  output?: string
}

function findSpans(text: string, glossary: readonly GlossaryTerm[]): Found[] {
  const found: Found[] = []
  const free = (start: number, end: number) => found.every((f) => end <= f.start || start >= f.end)
  const claim = (kind: SpanKind, re: RegExp, output?: (match: string) => string) => {
    for (const match of text.matchAll(re)) {
      const start = match.index
      const end = start + match[0].length
      if (kind === 'phone' && !isPhone(match[0])) continue
      if (free(start, end)) found.push({ start, end, kind, output: output?.(match[0]) })
    }
  }
  for (const [kind, re] of PATTERNS.slice(0, 3)) claim(kind, re)
  // Terms before numbers and phones, longest first ('New Golden Mile' before 'Golden Mile').
  for (const term of [...glossary].sort((a, b) => b.source.length - a.source.length)) {
    if (!term.source.trim()) continue
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term.source)}(?![\\p{L}\\p{N}])`, 'giu')
    claim('term', re, (match) => (term.target && term.target !== term.source ? term.target : match))
  }
  for (const [kind, re] of PATTERNS.slice(3)) claim(kind, re)
  return found.sort((a, b) => a.start - b.start)
}

/** The text with its spans as tags (glossary terms only for providers without a glossary of their own). */
export function protect(text: string, glossary: readonly GlossaryTerm[] = []): ProtectedText {
  const spans: ProtectedSpan[] = []
  let markup = ''
  let at = 0
  for (const found of findSpans(text, glossary)) {
    const id = spans.length + 1
    const original = text.slice(found.start, found.end)
    spans.push({ id, kind: found.kind, text: original, output: found.output ?? original })
    markup += `${escapeXml(text.slice(at, found.start))}<x id="${id}"/>`
    at = found.end
  }
  return { markup: markup + escapeXml(text.slice(at)), spans }
}

const TAG = /<x\s+id\s*=\s*["']?(\d+)["']?\s*\/?>(?:\s*<\/x>)?/giu
const ANY_TAG = /<\/?[a-z][^<>]*>/giu

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
/** A provider's escaped text as plain text (what it sends is text, never markup). */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

const KIND_WORDS: Record<SpanKind, string> = {
  link: 'the link',
  email: 'the e-mail address',
  placeholder: 'the placeholder',
  phone: 'the phone number',
  number: 'the number',
  break: 'a line break',
  term: 'the glossary term',
}
const describe = (span: ProtectedSpan) =>
  span.kind === 'break' ? KIND_WORDS.break : `${KIND_WORDS[span.kind]} '${span.text}'`

/**
 * A provider's answer for one protected segment as plain text, or why it is refused: a tag lost,
 * repeated or unknown, or a link, e-mail address, number or placeholder that the source does not
 * hold (invented by the machine).
 */
export function restore(translated: string, source: ProtectedText): Restored {
  const seen = new Map<number, number>()
  for (const match of translated.matchAll(TAG)) seen.set(Number(match[1]), (seen.get(Number(match[1])) ?? 0) + 1)
  for (const span of source.spans) {
    const count = seen.get(span.id) ?? 0
    if (count === 0) return { ok: false, reason: `The machine lost ${describe(span)}` }
    if (count > 1) return { ok: false, reason: `The machine repeated ${describe(span)}` }
  }
  for (const id of seen.keys())
    if (!source.spans.some((span) => span.id === id))
      return { ok: false, reason: 'The machine added a placeholder of its own' }
  // Between the tags: other markup is dropped (it is text to us), then anything it invented is refused.
  const pieces = translated.split(TAG)
  const texts = pieces.filter((_, i) => i % 2 === 0).map((piece) => unescapeXml(piece.replace(ANY_TAG, '')))
  const invented = texts.flatMap((piece) =>
    findSpans(piece, []).map((f) => ({ kind: f.kind, text: piece.slice(f.start, f.end) })),
  )
  const extra = invented.find((span) => span.kind !== 'break')
  if (extra) return { ok: false, reason: `The machine added ${KIND_WORDS[extra.kind]} '${extra.text}'` }
  let text = ''
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) text += texts[i / 2]
    else text += source.spans.find((span) => span.id === Number(piece))!.output
  })
  return { ok: true, text }
}
