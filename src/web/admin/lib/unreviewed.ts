import { translationFields, type Content, type TranslationKind } from '../../../shared/translation-fields.js'
import { confirmAction } from './confirm.js'

/**
 * Before publishing text a machine wrote and nobody reviewed (issue 40): asks, naming the fields
 * by their labels; true to go on. Every screen that publishes a translation asks the same way.
 */
export function confirmUnreviewed(labels: readonly string[]): boolean {
  if (labels.length === 0) return true
  return confirmAction(
    `These fields are machine drafts nobody has reviewed: ${labels.join(', ')}. Publish them anyway?`,
  )
}

/** A translation's unreviewed machine fields (`machineFields` of its admin read), by their labels. */
export function unreviewedLabels(kind: TranslationKind, record: object | undefined): string[] {
  const ids = (record as { machineFields?: unknown } | undefined)?.machineFields
  if (!Array.isArray(ids)) return []
  const fields = translationFields(kind, record as Content)
  return ids.map((id: string) => fields.find((f) => f.id === id)?.label ?? id)
}
