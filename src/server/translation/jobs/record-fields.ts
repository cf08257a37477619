import type { Amenity } from '../../../shared/types.js'

// PROVISIONAL: the translatable fields of a project or review, until the core's
// src/shared/translation-fields.ts lands (then this file reads from it and nothing else changes).

type Content = Record<string, unknown>

export interface FieldPair {
  id: string
  label: string
  maxLength: number | null
  source: string
  target: string
  /** The translated field (and line) of needsUpdate this field follows. */
  followed: { field: string; line?: number } | null
}

const TEXT: Record<'project' | 'review', { id: string; label: string; maxLength: number }[]> = {
  project: [
    { id: 'title', label: 'Title', maxLength: 200 },
    { id: 'description', label: 'Description', maxLength: 10000 },
    { id: 'galleryTitle1', label: 'Gallery title 1', maxLength: 300 },
    { id: 'galleryDesc1', label: 'Gallery description 1', maxLength: 5000 },
    { id: 'galleryTitle2', label: 'Gallery title 2', maxLength: 300 },
    { id: 'galleryDesc2', label: 'Gallery description 2', maxLength: 5000 },
  ],
  review: [
    { id: 'title', label: 'Title', maxLength: 200 },
    { id: 'description', label: 'Description', maxLength: 10000 },
  ],
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function fieldsOf(kind: 'project' | 'review', source: Content, target: Content | null): FieldPair[] {
  const fields: FieldPair[] = TEXT[kind].map((f) => ({
    ...f,
    source: text(source[f.id]),
    target: target ? text(target[f.id]) : '',
    followed: { field: f.id },
  }))
  if (kind === 'project') {
    const amenities = (source.amenities as Amenity[] | null) ?? []
    const translated = (target?.amenities as Amenity[] | null) ?? []
    amenities.forEach((amenity, i) =>
      fields.push({
        id: `amenities.${i}.title`,
        label: `Amenity ${i + 1} title`,
        maxLength: 200,
        source: amenity.title,
        target: translated[i]?.title ?? '',
        followed: { field: 'amenities', line: i },
      }),
    )
  }
  return fields.filter((f) => f.source.trim() !== '')
}

/** Writes field values into a record's content (a copy). */
export function withFields(kind: 'project' | 'review', content: Content, values: Record<string, string>): Content {
  const next: Content = { ...content }
  for (const [id, value] of Object.entries(values)) {
    const amenity = /^amenities\.(\d+)\.title$/.exec(id)
    if (amenity && kind === 'project') {
      const list = [...((next.amenities as Amenity[] | null) ?? [])]
      const i = Number(amenity[1])
      if (list[i]) list[i] = { ...list[i]!, title: value }
      next.amenities = list
    } else next[id] = value
  }
  return next
}
