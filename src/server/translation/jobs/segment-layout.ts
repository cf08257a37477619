import { createHash } from 'node:crypto'

/**
 * A field's text as its sentences and what lies between them (spaces, blank lines), so the
 * translated sentences go back in the source's layout. Works with any splitter whose pieces
 * appear in the text in order.
 */
export interface SegmentLayout {
  lead: string
  segments: { text: string; after: string }[]
}

export function layoutOf(text: string, pieces: string[]): SegmentLayout {
  const segments: SegmentLayout['segments'] = []
  let at = 0
  let lead = ''
  for (const piece of pieces) {
    if (!piece.trim()) continue
    const found = text.indexOf(piece, at)
    if (found < 0) continue
    const gap = text.slice(at, found)
    if (segments.length === 0) lead = gap
    else segments[segments.length - 1]!.after = gap
    segments.push({ text: piece, after: '' })
    at = found + piece.length
  }
  if (segments.length === 0) return { lead: '', segments: text.trim() ? [{ text, after: '' }] : [] }
  segments[segments.length - 1]!.after = text.slice(at)
  return { lead, segments }
}

/** The translated sentences in the source's layout. */
export function joinLayout(layout: SegmentLayout, targets: string[]): string {
  return layout.lead + layout.segments.map((segment, i) => (targets[i] ?? segment.text) + segment.after).join('')
}

/** What an XLIFF unit's source is checked against at import: equal text, equal hash. */
export const sourceHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16)
