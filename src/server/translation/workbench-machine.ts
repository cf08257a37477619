import type { PageRow } from '../services/publishing/page-texts.js'
import type { ContentRow } from '../services/publishing/record-kinds.js'

// The fields a machine filled and no person has reviewed yet, as the translation core stores
// them (issue 40, item 2): on a translation's row, and per language of a page text.

const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []

export const machineFieldsOfRow = (row: ContentRow): string[] =>
  keysOf((row as unknown as Record<string, unknown>).machineFields)

export const machineFieldsOfPage = (row: PageRow, language: string): string[] =>
  keysOf((row.publishing[language] as unknown as Record<string, unknown> | undefined)?.machineFields)
