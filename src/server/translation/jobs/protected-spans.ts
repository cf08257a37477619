/** A span of a segment's text that must come back exactly once: a code, not words. */
export interface Span {
  start: number
  end: number
  lineBreak: boolean
}

// PROVISIONAL until the workbench's placeholders.ts lands: the same kinds of span it protects.
const SPAN =
  /(\r?\n)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|(https?:\/\/[^\s<>"]+)|(\{\{?\s*[\w.]+\s*\}?\})|(\+\d[\d ]{6,}\d)|(\d[\d.,]*(?:\s?(?:m²|m2|km|m|%|€))?)/g

/** The protected spans of a text, in order, never overlapping. */
export function protectedSpans(text: string): Span[] {
  return [...text.matchAll(SPAN)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    lineBreak: m[1] !== undefined,
  }))
}
