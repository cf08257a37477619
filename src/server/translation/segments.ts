import { createHash } from 'node:crypto'

// Long texts go to memory and machine sentence by sentence (issue 40, item 1). A text is split
// into segments and the whitespace between them, so that joining the parts gives the text back
// exactly: line breaks, double spaces and a trailing newline included.

export interface Segment {
  /** Stable while the sentence and its place do not change: `<index>-<hash of its text>`. */
  id: string
  index: number
  text: string
}

export interface SplitText {
  segments: Segment[]
  /** The whitespace before each segment, and `gaps[segments.length]` after the last one. */
  gaps: string[]
}

// A sentence ends at . ! ? … (with closing quotes or brackets) followed by whitespace and
// something that starts a sentence; a line break always ends one. A single letter ('e.g.') and a
// few titles ('Sr.', 'Dr.') are not ends, nor is a decimal point ('3.5').
const SENTENCE_END =
  /(?<!(?:^|[\s.(])(?:\p{L}|Mr|Mrs|Ms|Dr|Sr|Sra|St|No|approx|incl)\.)(?<=[.!?…]["'”’)\]]*)(\s+)(?=["'“‘([¿¡]*[\p{Lu}\p{N}])/gu
const LINE_BREAK = /(\s*\n\s*)/

export const segmentId = (index: number, text: string) =>
  `${index}-${createHash('sha256').update(text).digest('base64url').slice(0, 10)}`

/** The text's segments and the whitespace around them; an empty text has none. */
export function splitText(text: string): SplitText {
  const lead = /^\s*/.exec(text)![0]
  const trail = text.length > lead.length ? /\s*$/.exec(text)![0] : ''
  const body = text.slice(lead.length, text.length - trail.length)
  const parts: string[] = []
  const gaps: string[] = [lead]
  if (body) {
    const lines = body.split(LINE_BREAK)
    lines.forEach((piece, i) => {
      if (i % 2 === 1) {
        gaps.push(piece)
        return
      }
      const sentences = piece.split(SENTENCE_END)
      sentences.forEach((part, j) => (j % 2 === 0 ? parts.push(part) : gaps.push(part)))
    })
  }
  gaps.push(trail)
  if (!body) return { segments: [], gaps: [text] }
  return { segments: parts.map((part, index) => ({ id: segmentId(index, part), index, text: part })), gaps }
}

/** The text again, each segment replaced by `texts[i]` (its translation), the whitespace kept. */
export function joinText(split: SplitText, texts: readonly string[] = split.segments.map((s) => s.text)): string {
  if (split.segments.length === 0) return split.gaps.join('')
  let out = split.gaps[0]!
  texts.forEach((text, i) => (out += text + split.gaps[i + 1]!))
  return out
}

/** The sentences of a text, in order (a short text is one). */
export const sentencesOf = (text: string): string[] => splitText(text).segments.map((segment) => segment.text)
