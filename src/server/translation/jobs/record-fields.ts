import { type Content, readField, translationFields } from '../../../shared/translation-fields.js'
import { PROJECT_KIND, REVIEW_KIND } from '../../services/publishing/record-kinds.js'

/** A translatable field of a project or review with its source and target text (translation-fields.ts). */
export interface FieldPair {
  id: string
  label: string
  maxLength: number | null
  source: string
  target: string
  /** The translated field (and line) of needsUpdate this field follows; null: not followed. */
  followed: { field: string; line?: number } | null
}

const AMENITY = /^amenities\.(\d+)\.title$/

function followedOf(kind: 'project' | 'review', id: string): FieldPair['followed'] {
  const amenity = AMENITY.exec(id)
  if (amenity) return { field: 'amenities', line: Number(amenity[1]) }
  return (kind === 'project' ? PROJECT_KIND : REVIEW_KIND).translated.includes(id) ? { field: id } : null
}

export function fieldsOf(kind: 'project' | 'review', source: Content, target: Content | null): FieldPair[] {
  return translationFields(kind, source).map((field) => ({
    id: field.id,
    label: field.label,
    maxLength: field.maxLength,
    source: readField(kind, source, field.id),
    target: readField(kind, target, field.id),
    followed: followedOf(kind, field.id),
  }))
}
