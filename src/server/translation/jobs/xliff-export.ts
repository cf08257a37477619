import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { translationJobItems } from '../../db/schema.js'
import type { JobRow } from './jobs.js'
import { type JobField, type JobRecord, jobRecords } from './job-records.js'
import { sentencesOf, splitText } from '../segments.js'
import { type ExportFile, type ExportUnit, type TargetState, writeXliff } from './xliff-write.js'

type ItemRow = typeof translationJobItems.$inferSelect

/** `job/<job id>/<kind>/<record id>`: what an import reads to know the job and the record. */
export const originalOf = (jobId: string, kind: string, recordId: string) => `job/${jobId}/${kind}/${recordId}`

/** Parses an `original`; null when it is not one of ours. */
export function parseOriginal(original: string): { jobId: string; kind: string; recordId: string } | null {
  const match = /^job\/([0-9a-f-]{36})\/(project|review|translation-page)\/([0-9a-f-]{36})$/i.exec(original)
  return match ? { jobId: match[1]!.toLowerCase(), kind: match[2]!, recordId: match[3]!.toLowerCase() } : null
}

const KIND_NAMES: Record<string, string> = { project: 'Project', review: 'Review', 'translation-page': 'Page text' }

/** The target a unit carries: this job's own result, else the translation's sentence at the same place. */
function targetOf(item: ItemRow, field: JobField | undefined, record: JobRecord): ExportUnit['target'] {
  if (item.target !== null) return { text: item.target, state: 'translated' }
  if (!field || field.target.trim() === '') return null
  const sentences = sentencesOf(field.target)
  const sources = splitText(field.source).segments
  // Sentences pair up only when the translation has as many as the source.
  const text =
    sources.length === 1 ? field.target : sentences.length === sources.length ? sentences[item.segment] : undefined
  if (text === undefined) return null
  const state: TargetState = field.outdated
    ? 'needs-review-translation'
    : record.targetState === 'published'
      ? 'final'
      : 'translated'
  return { text, state }
}

function noteOf(field: JobField | undefined, item: ItemRow, record: JobRecord, segments: number): string {
  const parts = [field?.label ?? item.field]
  if (segments > 1) parts.push(`sentence ${item.segment + 1} of ${segments}`)
  if (field?.maxLength) parts.push(`whole field at most ${field.maxLength} characters`)
  parts.push(`page ${record.address}`)
  return parts.join(' — ')
}

/** The job's XLIFF 1.2 document: its items, grouped by record, with the current text as targets. */
export async function exportJob(db: Executor, job: JobRow): Promise<string> {
  const items = await db
    .select()
    .from(translationJobItems)
    .where(eq(translationJobItems.jobId, job.id))
    .orderBy(
      asc(translationJobItems.kind),
      asc(translationJobItems.recordId),
      asc(translationJobItems.field),
      asc(translationJobItems.segment),
    )
  const ids = [...new Set(items.map((item) => item.recordId))]
  const records = new Map(
    (ids.length ? await jobRecords(db, { language: job.language, ids }) : []).map((r) => [`${r.kind}/${r.id}`, r]),
  )
  const files = new Map<string, ExportFile>()
  const segmentsPerField = new Map<string, number>()
  for (const item of items) {
    const key = `${item.kind}/${item.recordId}/${item.field}`
    segmentsPerField.set(key, (segmentsPerField.get(key) ?? 0) + 1)
  }
  for (const item of items) {
    const record = records.get(`${item.kind}/${item.recordId}`)
    // A record deleted since the job was made has nothing to translate any more.
    if (!record) continue
    const field = record.fields.find((f) => f.id === item.field)
    const original = originalOf(job.id, item.kind, item.recordId)
    let file = files.get(original)
    if (!file) {
      file = { original, note: `${KIND_NAMES[item.kind]}: ${record.label} — ${record.address}`, units: [] }
      files.set(original, file)
    }
    file.units.push({
      id: item.unitId,
      resname: item.field,
      source: item.source,
      target: targetOf(item, field, record),
      note: noteOf(field, item, record, segmentsPerField.get(`${item.kind}/${item.recordId}/${item.field}`) ?? 1),
    })
  }
  return writeXliff({ sourceLanguage: job.sourceLanguage, targetLanguage: job.language, files: [...files.values()] })
}
