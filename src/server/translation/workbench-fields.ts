import {
  type Content,
  keyOfTextField,
  readField,
  translationFields,
  type TranslationKind,
} from '../../shared/translation-fields.js'
import type { WorkbenchField } from '../../shared/translation-workbench.js'

// The translatable fields of a record or a page text (the core's list, shared/translation-fields.ts),
// read side by side from the original and the translation (issue 40, item 1), each with the part
// of needsUpdate it follows.

/** A field as the workbench shows it, before memory, glossary and outdated text are added. */
export type FieldPair = Pick<WorkbenchField, 'key' | 'label' | 'long' | 'maxLength' | 'source' | 'target'> & {
  /** The field of needsUpdate this field is part of, and its line (the amenities are one a line there). */
  followed: { field: string; line?: number } | null
}

/** Where a field's source change shows in needsUpdate: the record kind's translated fields, a page's keys. */
function followedOf(kind: TranslationKind, id: string, translated: readonly string[]): FieldPair['followed'] {
  if (kind === 'translation-page') return { field: keyOfTextField(id) ?? id }
  const amenity = /^amenities\.(\d+)\.title$/.exec(id)
  if (amenity) return { field: 'amenities', line: Number(amenity[1]) }
  return translated.includes(id) ? { field: id } : null
}

/**
 * The fields of `source` (the original's content; a page's English, each key's text or the key
 * itself) beside the same fields of `target`, the translation's content (null while it has none).
 */
export function fieldPairs(
  kind: TranslationKind,
  source: Content,
  target: Content | null,
  translated: readonly string[] = [],
): FieldPair[] {
  return translationFields(kind, source).map((field) => ({
    key: field.id,
    label: field.label,
    long: field.long,
    maxLength: field.maxLength,
    source: readField(kind, source, field.id),
    target: readField(kind, target, field.id),
    followed: followedOf(kind, field.id, translated),
  }))
}
