import type { TranslationJobScope } from '../../../shared/schemas/translation-job.schema.js'
import type { ContentKind } from '../../db/schema.js'
import type { Executor } from '../../db/client.js'
import { type JobField, jobRecords, type RecordFilter } from './job-records.js'
import { splitText } from '../segments.js'
import { sourceHash } from './segment-layout.js'

/** One item a new job stores: a segment of a field of a record. */
export interface NeededUnit {
  kind: ContentKind
  recordId: string
  field: string
  segment: number
  unitId: string
  source: string
  sourceHash: string
}

/** The unit's id in XLIFF: names record, field and segment; the same while the source is. */
export const unitIdOf = (kind: ContentKind, recordId: string, field: string, segment: number) =>
  `${kind}/${recordId}/${field}/${segment}`

/** Whether a field is part of a job of this scope. */
function inScope(field: JobField, scope: TranslationJobScope): boolean {
  if (scope === 'all') return true
  if (scope === 'missing') return field.target.trim() === ''
  return field.outdated && field.target.trim() !== ''
}

/** The segments of every field the scope needs in the language (issue 41, item 1). */
export async function unitsNeeded(
  db: Executor,
  options: RecordFilter & { scope: TranslationJobScope },
): Promise<NeededUnit[]> {
  const units: NeededUnit[] = []
  for (const record of await jobRecords(db, options)) {
    for (const field of record.fields) {
      if (!inScope(field, options.scope)) continue
      splitText(field.source).segments.forEach((segment, i) =>
        units.push({
          kind: record.kind,
          recordId: record.id,
          field: field.id,
          segment: i,
          unitId: unitIdOf(record.kind, record.id, field.id, i),
          source: segment.text,
          sourceHash: sourceHash(segment.text),
        }),
      )
    }
  }
  return units
}
