// What POST machine-translate/{kind}/{id} answers (issue 40): the server writes it, the
// workbench's machine draft reads it.

export interface FieldReport {
  field: string
  label: string
  state: 'filled' | 'partly-refused' | 'skipped' | 'refused'
  reason?: string
  segments: { index: number; from: 'memory' | 'machine' | null; refused?: string }[]
}

export interface FillReport {
  provider: string
  language: string
  /** The translation's id (created as a draft when missing; null on a dry run that would create it). */
  translationId: string | null
  dryRun: boolean
  /** Characters sent (or, on a dry run, that would be sent) after memory. */
  characters: number
  fields: FieldReport[]
}
