import { protectedSpans } from './protected-spans.js'

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:1.2'

/** Inline content of a `<source>` or `<target>`: text, and codes by their id. */
export type InlinePart = string | { placeholder: string }

export interface Code {
  code: string
  lineBreak: boolean
}

export interface ProtectedText {
  parts: InlinePart[]
  /** Id → the code it stands for. */
  codes: Map<string, Code>
}

/**
 * A segment's text as XLIFF inline content: each protected span (line break, number and unit,
 * address, link, phone, page-text placeholder) becomes a code with an id. Given `known` (the
 * source's codes), a target's span that is one of them gets the same id, as CAT tools expect.
 */
export function protectCodes(text: string, known?: Map<string, Code>): ProtectedText {
  const parts: InlinePart[] = []
  const codes = new Map<string, Code>()
  const unusedKnown = new Map([...(known ?? new Map<string, Code>())].map(([id, code]) => [id, code] as const))
  let next = (known?.size ?? 0) + 1
  let at = 0
  for (const span of protectedSpans(text)) {
    if (span.start > at) parts.push(text.slice(at, span.start))
    const code: Code = { code: text.slice(span.start, span.end), lineBreak: span.lineBreak }
    let id = [...unusedKnown].find(([, k]) => k.code === code.code)?.[0]
    if (id) unusedKnown.delete(id)
    else id = String(next++)
    codes.set(id, code)
    parts.push({ placeholder: id })
    at = span.end
  }
  if (at < text.length) parts.push(text.slice(at))
  return { parts, codes }
}

/**
 * Inline content read back as text: each code id replaced by what it stands for in the source.
 * Answers null with the reason when an id is unknown, or a code is lost or repeated.
 */
export function restoreCodes(
  parts: InlinePart[],
  codes: Map<string, Code>,
): { text: string; problem: null } | { text: null; problem: string } {
  const used = new Map<string, number>()
  let text = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part
      continue
    }
    const code = codes.get(part.placeholder)
    if (!code) return { text: null, problem: `placeholder ${part.placeholder} is not in the source` }
    used.set(part.placeholder, (used.get(part.placeholder) ?? 0) + 1)
    text += code.code
  }
  for (const [id, code] of codes) {
    const count = used.get(id) ?? 0
    const shown = code.lineBreak ? 'a line break' : `"${code.code}"`
    if (count === 0) return { text: null, problem: `placeholder lost: ${shown}` }
    if (count > 1) return { text: null, problem: `placeholder repeated: ${shown}` }
  }
  return { text, problem: null }
}
