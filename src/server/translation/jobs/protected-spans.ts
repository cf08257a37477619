import { protect } from '../placeholders.js'

/** A span of a segment's text that must come back exactly once: a code, not words. */
export interface Span {
  start: number
  end: number
  lineBreak: boolean
}

/**
 * The spans the workbench protects from the machine (placeholders.ts: links, e-mail addresses,
 * phones, numbers with their units, page-text placeholders, line breaks), with their places in
 * the text: the same codes a translator sees as XLIFF inline elements.
 */
export function protectedSpans(text: string): Span[] {
  const spans: Span[] = []
  let at = 0
  for (const span of protect(text).spans) {
    const start = text.indexOf(span.text, at)
    if (start < 0) continue
    spans.push({ start, end: start + span.text.length, lineBreak: span.kind === 'break' })
    at = start + span.text.length
  }
  return spans
}
