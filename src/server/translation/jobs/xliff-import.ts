import { and, eq, inArray } from 'drizzle-orm'
import type { XliffImportReport } from '../../../shared/schemas/translation-job.schema.js'
import type { ContentKind } from '../../db/schema.js'
import { translationJobItems } from '../../db/schema.js'
import { badRequest, conflict } from '../../errors.js'
import type { Person } from '../../services/access-policy.js'
import { appendAudit } from '../../services/audit-log.js'
import type { ServiceContext } from '../../services/context.js'
import { enforceJobLanguage, findJob, finishIfComplete, getJob } from './jobs.js'
import { jobRecords } from './job-records.js'
import { writeTranslationDraft } from '../machine-fill.js'
import { joinText, splitText } from '../segments.js'
import { sourceHash } from './segment-layout.js'
import { parseOriginal } from './xliff-export.js'
import { type InlinePart, protectCodes, restoreCodes } from './xliff-inline.js'
import { parseXliff } from './xliff-parse.js'

type ItemRow = typeof translationJobItems.$inferSelect

/** The reasons a unit is not applied, in the report's words. */
export const SKIP = {
  sourceChanged: 'source changed since export',
  unknownId: 'unknown id',
  otherLanguage: 'other target language',
  emptyTarget: 'empty target',
  placeholderLost: 'placeholder lost',
  fieldIncomplete: 'another sentence of its field has no target',
  recordGone: 'the record was deleted',
} as const

interface Accepted {
  item: ItemRow
  target: string
}

const textOf = (parts: InlinePart[]) => parts.map((p) => (typeof p === 'string' ? p : '')).join('')

/**
 * Applies an agency's XLIFF to the job's records (issue 41, item 3): each unit whose source is
 * still what was exported goes into its record's draft in the job's language; each record is
 * written whole or not at all. A unit already applied with the same text changes nothing, so the
 * same file imported twice writes nothing the second time.
 */
export async function importXliff(
  ctx: ServiceContext,
  person: Person,
  jobId: string,
  file: Buffer,
): Promise<XliffImportReport> {
  const job = await findJob(ctx.db, jobId)
  enforceJobLanguage(person, job.language)
  if (job.method !== 'xliff') throw badRequest('This job is translated by the machine; it takes no XLIFF file')
  if (job.state === 'cancelled') throw conflict('This job was cancelled')

  const files = parseXliff(file)
  if (files.length === 0) throw badRequest('The file has no file elements')
  for (const f of files) {
    const origin = parseOriginal(f.original)
    if (!origin) throw badRequest(`The file's original "${f.original}" is not from a translation job of this site`)
    if (origin.jobId !== job.id)
      throw badRequest(`The file is for another job (${origin.jobId}), not this one (${job.id})`)
  }
  if (files.every((f) => f.targetLanguage !== job.language))
    throw badRequest(
      `The file's target language is ${[...new Set(files.map((f) => f.targetLanguage || '(none)'))].join(', ')}; this job translates into ${job.language}`,
    )

  const items = await ctx.db.select().from(translationJobItems).where(eq(translationJobItems.jobId, job.id))
  const byUnit = new Map(items.map((item) => [item.unitId, item]))
  const skipped: XliffImportReport['skipped'] = []
  const accepted: Accepted[] = []
  for (const f of files) {
    for (const unit of f.units) {
      const item = byUnit.get(unit.id)
      const skip = (reason: string) => skipped.push({ id: unit.id, reason })
      if (f.targetLanguage !== job.language) skip(SKIP.otherLanguage)
      else if (!item) skip(SKIP.unknownId)
      else if (!unit.target || textOf(unit.target).trim() === '') skip(SKIP.emptyTarget)
      else {
        const codes = protectCodes(item.source).codes
        const source = restoreCodes(unit.source, codes)
        if (source.text !== item.source) skip(SKIP.sourceChanged)
        else {
          const target = restoreCodes(unit.target, codes)
          if (target.text === null) skip(`${SKIP.placeholderLost} (${target.problem})`)
          else accepted.push({ item, target: target.text })
        }
      }
    }
  }

  let applied = 0
  let unchanged = 0
  const byRecord = new Map<string, Accepted[]>()
  for (const unit of accepted) {
    const key = `${unit.item.kind}/${unit.item.recordId}`
    byRecord.set(key, [...(byRecord.get(key) ?? []), unit])
  }
  for (const units of byRecord.values()) {
    const result = await applyRecord(ctx, job.id, job.language, units, items, skipped)
    applied += result.applied
    unchanged += result.unchanged
  }
  await ctx.db.transaction(async (tx) => {
    await finishIfComplete(tx, job.id)
    await appendAudit(tx, ctx.actor, {
      action: 'import',
      kind: 'translation-job',
      recordId: job.id,
      recordLabel: `XLIFF job: ${job.scope} into ${job.language}`,
      language: job.language,
      changes: { applied: { from: null, to: applied }, skipped: { from: null, to: skipped.length } },
    })
  })
  return { applied, unchanged, skipped, job: await getJob(ctx.db, person, job.id) }
}

/**
 * One record: its units checked against the source as it is now, its fields composed from
 * every sentence's target (this file's, or an earlier import's), then one draft write that also
 * marks the items done.
 */
async function applyRecord(
  ctx: ServiceContext,
  jobId: string,
  language: string,
  units: Accepted[],
  items: ItemRow[],
  skipped: XliffImportReport['skipped'],
): Promise<{ applied: number; unchanged: number }> {
  const { kind, recordId } = units[0]!.item
  const [record] = await jobRecords(ctx.db, { language, kinds: [kind as ContentKind], ids: [recordId] })
  if (!record) {
    for (const unit of units) skipped.push({ id: unit.item.unitId, reason: SKIP.recordGone })
    return { applied: 0, unchanged: 0 }
  }
  const values: Record<string, string> = {}
  const writing: Accepted[] = []
  let unchanged = 0
  for (const fieldId of new Set(units.map((u) => u.item.field))) {
    const fieldUnits = units.filter((u) => u.item.field === fieldId)
    const field = record.fields.find((f) => f.id === fieldId)
    const layout = field ? splitText(field.source) : null
    const stale = (u: Accepted) =>
      layout?.segments[u.item.segment]?.text === undefined ||
      sourceHash(layout.segments[u.item.segment]!.text) !== u.item.sourceHash
    if (!layout || fieldUnits.some(stale)) {
      for (const u of fieldUnits) skipped.push({ id: u.item.unitId, reason: SKIP.sourceChanged })
      continue
    }
    // Every sentence of the field needs a target: from this file, or applied by an earlier one.
    const fieldItems = items.filter((i) => i.kind === kind && i.recordId === recordId && i.field === fieldId)
    const targets = layout.segments.map((_, segment) => {
      const fromFile = fieldUnits.find((u) => u.item.segment === segment)
      return fromFile?.target ?? fieldItems.find((i) => i.segment === segment && i.state === 'done')?.target ?? null
    })
    if (targets.some((t) => t === null) || fieldItems.length !== layout.segments.length) {
      for (const u of fieldUnits) skipped.push({ id: u.item.unitId, reason: SKIP.fieldIncomplete })
      continue
    }
    const fresh = fieldUnits.filter((u) => !(u.item.state === 'done' && u.item.target === u.target))
    unchanged += fieldUnits.length - fresh.length
    if (fresh.length === 0) continue
    values[fieldId] = joinText(layout, targets as string[])
    writing.push(...fresh)
  }
  if (writing.length === 0) return { applied: 0, unchanged }
  await writeTranslationDraft(ctx, {
    kind: kind as ContentKind,
    id: recordId,
    language,
    fields: new Map(Object.entries(values)),
    by: 'person',
    then: async (tx) => {
      for (const unit of writing)
        await tx
          .update(translationJobItems)
          .set({ state: 'done', target: unit.target, doneAt: new Date(), error: null })
          .where(and(eq(translationJobItems.id, unit.item.id), inArray(translationJobItems.jobId, [jobId])))
    },
  })
  return { applied: writing.length, unchanged }
}
