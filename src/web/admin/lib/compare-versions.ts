import { fieldLabel, fieldText } from './field-labels.js'

/** One field of a version beside the current one. */
export interface FieldComparison {
  field: string
  label: string
  then: string
  now: string
  changed: boolean
}

// Not the record's content: who it is, where it hangs, its publishing state. A slug and a
// language are fixed when the record is made; versions do not keep them.
const NOT_CONTENT = new Set([
  'slug',
  'language',
  '_id',
  'id',
  'createdAt',
  'updatedAt',
  'parentId',
  'translations',
  'publishStatus',
  'hasDraft',
  'publishAt',
  'unpublishAt',
  'version',
  'needsUpdate',
  'scheduleError',
  'changedBy',
  'changedAt',
  'draft',
  'publishing',
])

/**
 * A version's fields beside the current ones, changed fields first (in the version's order),
 * then those that are the same. A field either side lacks counts as empty.
 */
export function compareVersion(version: Record<string, unknown>, current: Record<string, unknown>): FieldComparison[] {
  const fields = [...new Set([...Object.keys(version), ...Object.keys(current)])].filter((f) => !NOT_CONTENT.has(f))
  const rows = fields.map((field) => {
    const then = fieldText(version[field])
    const now = fieldText(current[field])
    return { field, label: fieldLabel(field), then, now, changed: then !== now }
  })
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)]
}
