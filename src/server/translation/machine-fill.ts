import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { machineFills } from '../db/schema.js'
import { badRequest } from '../errors.js'
import { appendAudit } from '../services/audit-log.js'
import type { ServiceContext } from '../services/context.js'
import { readField, translationFields, type TranslationKind } from '../../shared/translation-fields.js'
import { fillTarget } from './fill-targets.js'
import { glossaryOf } from './glossary.js'
import { machineTextOf, unreviewedFields } from './machine-fields.js'
import { exactMatches } from './memory.js'
import { protect, restore, type ProtectedText } from './placeholders.js'
import { type LanguagePair, type MachineProvider, ProviderError } from './providers/provider.js'
import { joinText, splitText } from './segments.js'
import { checkCap, countCharacters } from './usage.js'
import type { FieldReport, FillReport } from '../../shared/machine-fill-report.js'

// A machine fill of a translation's draft (issue 40, item 2; decision 140): memory first, then the
// provider for what is left, each segment checked (placeholders.ts). Never the published version;
// never a person's text unless the field is named. One version and audit entries per fill.

export interface FillRequest {
  kind: TranslationKind
  /** The original's id, or any translation's of its group. */
  id: string
  language: string
  fields?: string[]
  onlyOutdated?: boolean
  dryRun?: boolean
}

export interface MachineSetup {
  provider: MachineProvider | null
  monthlyLimit: number | null
}

/** Without a provider a fill takes what the memory has; a sentence it lacks is this. */
const NOT_IN_MEMORY = 'Not in the memory, and no machine translation is set up'
const notInMemory = (index: number) => ({ index, from: null, refused: NOT_IN_MEMORY })
/** The report's provider when none is set up. */
const MEMORY_ONLY = 'memory'

/** The pairs a provider offers, read once a minute at most. */
const pairCache = new WeakMap<MachineProvider, { at: number; pairs: LanguagePair[] }>()
export async function offeredPairs(provider: MachineProvider): Promise<LanguagePair[]> {
  const known = pairCache.get(provider)
  if (known && Date.now() - known.at < 60_000) return known.pairs
  const pairs = await provider.pairs()
  pairCache.set(provider, { at: Date.now(), pairs })
  return pairs
}

interface Planned {
  field: string
  label: string
  split: ReturnType<typeof splitText>
  /** Per segment: the memory's text, the protected text to send, or nothing (no provider). */
  parts: ({ memory: string } | { send: ProtectedText } | { missing: true })[]
}

export async function machineFill(ctx: ServiceContext, setup: MachineSetup, request: FillRequest): Promise<FillReport> {
  // No provider: the memory alone (the workbench says so), each field still whole or not at all.
  const { provider } = setup
  const subject = await fillTarget(request.kind).load(ctx.db, request.id, request.language)
  const pair = { source: subject.sourceLanguage, target: request.language }
  if (provider && !(await offeredPairs(provider)).some((p) => p.source === pair.source && p.target === pair.target))
    throw badRequest(
      `The machine translation provider does not translate from ${pair.source} into ${pair.target}`,
      'language',
    )

  const { source, target, translationId: existingId } = subject
  const machine = existingId ? await machineTextOf(ctx.db, request.kind, existingId, request.language) : new Map()
  const named = new Set(request.fields ?? [])
  const all = translationFields(request.kind, source)
  for (const field of named)
    if (!all.some((f) => f.id === field)) throw badRequest(`This record has no field '${field}' to translate`, 'fields')

  const reports: FieldReport[] = []
  const chosen = all.filter((field) => {
    const mine = readField(request.kind, target, field.id)
    const skip = (reason: string) => {
      reports.push({ field: field.id, label: field.label, state: 'skipped', reason, segments: [] })
      return false
    }
    if (named.size > 0) return named.has(field.id)
    if (!existingId) return true
    const outdated = subject.outdated(field.id)
    if (mine.trim() === '') return !request.onlyOutdated || skip('Missing, not out of date')
    if (!outdated) return false
    if (machine.get(field.id) !== mine) return skip('Edited by a person: name the field to replace it')
    return true
  })

  const glossary = await glossaryOf(ctx.db, pair)
  const sentences = chosen.flatMap((field) =>
    splitText(readField(request.kind, source, field.id)).segments.map((s) => s.text),
  )
  const memory = await exactMatches(ctx.db, pair, sentences)
  const plans: Planned[] = chosen.map((field) => {
    const split = splitText(readField(request.kind, source, field.id))
    return {
      field: field.id,
      label: field.label,
      split,
      parts: split.segments.map((segment) => {
        const hit = memory.get(segment.text)
        if (hit !== undefined) return { memory: hit }
        if (!provider) return { missing: true as const }
        return { send: protect(segment.text, provider.nativeGlossary ? [] : glossary) }
      }),
    }
  })
  const toSend = plans.flatMap((plan) => plan.parts.flatMap((part) => ('send' in part ? [part.send] : [])))
  const characters = toSend.reduce((sum, part) => sum + part.markup.length, 0)
  const base = { provider: provider?.name ?? MEMORY_ONLY, language: request.language, characters }
  if (request.dryRun) {
    return {
      ...base,
      translationId: existingId,
      dryRun: true,
      fields: [
        ...reports,
        ...plans.map((plan) => ({
          field: plan.field,
          label: plan.label,
          state: 'filled' as const,
          segments: plan.parts.map((part, index) =>
            'missing' in part
              ? notInMemory(index)
              : { index, from: 'memory' in part ? ('memory' as const) : ('machine' as const) },
          ),
        })),
      ],
    }
  }

  await checkCap(ctx.db, setup.monthlyLimit, characters)
  let answers: string[] = []
  if (provider && toSend.length > 0) {
    try {
      answers = await provider.translate(
        toSend.map((part) => part.markup),
        { ...pair, glossary },
      )
    } finally {
      // What was sent is counted, whether or not it came back usable.
      await countCharacters(ctx.db, provider.name, characters)
    }
    if (answers.length !== toSend.length) throw new ProviderError(`${provider.name} answered the wrong number of texts`)
  }

  // Each field whole or not at all: a refused segment leaves its field as it was.
  const filled = new Map<string, string>()
  let next = 0
  for (const plan of plans) {
    const segments: FieldReport['segments'] = []
    const texts: string[] = []
    for (const [index, part] of plan.parts.entries()) {
      if ('memory' in part) {
        texts.push(part.memory)
        segments.push({ index, from: 'memory' })
        continue
      }
      if ('missing' in part) {
        segments.push(notInMemory(index))
        continue
      }
      const back = restore(answers[next++]!, part.send)
      if (back.ok) {
        texts.push(back.text)
        segments.push({ index, from: 'machine' })
      } else segments.push({ index, from: null, refused: back.reason })
    }
    const refused = segments.filter((s) => s.refused)
    if (refused.length === 0) filled.set(plan.field, joinText(plan.split, texts))
    reports.push({
      field: plan.field,
      label: plan.label,
      state: refused.length === 0 ? 'filled' : refused.length === segments.length ? 'refused' : 'partly-refused',
      ...(refused.length ? { reason: refused.map((s) => `Sentence ${s.index + 1}: ${s.refused}`).join('; ') } : {}),
      segments,
    })
  }

  const translationId =
    filled.size > 0
      ? await writeTranslationDraft(ctx, {
          kind: request.kind,
          id: subject.originalId,
          language: request.language,
          fields: filled,
          by: 'machine',
          provider: provider?.name ?? MEMORY_ONLY,
        })
      : existingId
  return { ...base, translationId, dryRun: false, fields: reports }
}

export interface DraftWrite {
  kind: TranslationKind
  /** The original's id (or any of its group's). */
  id: string
  language: string
  /** Field id -> text. */
  fields: Map<string, string>
  /** A machine's text is unreviewed (machineFields); a person's (an agency's import) is not. */
  by: 'machine' | 'person'
  provider?: string
  /** Runs in the write's transaction: a translation job marks its items done with the write, never apart. */
  then?: (tx: Executor) => Promise<void>
}

/**
 * Writes fields into a translation's draft, creating the translation as a draft when missing: one
 * version (none when the draft already held this text), and for a machine's text an audit entry
 * naming the provider; a person's text (an agency's import) clears the fields' machine marks.
 * Answers the translation's id. Shared with translation jobs (issue 41), whose `then` runs in the
 * write's transaction.
 */
export async function writeTranslationDraft(ctx: ServiceContext, write: DraftWrite): Promise<string> {
  const target = fillTarget(write.kind)
  const subject = await target.load(ctx.db, write.id, write.language)
  const { language, fields: filled, by } = write
  const provider = write.provider ?? 'machine'
  const id = await target.ensure(ctx, subject, language, filled)
  await ctx.db.transaction(async (tx) => {
    const label = await target.write(tx, ctx, id, language, filled, subject.source)
    for (const [field, text] of filled) {
      const key = and(
        eq(machineFills.kind, write.kind),
        eq(machineFills.recordId, id),
        eq(machineFills.language, language),
        eq(machineFills.field, field),
      )
      if (by === 'person') await tx.delete(machineFills).where(key)
      else
        await tx
          .insert(machineFills)
          .values({ kind: write.kind, recordId: id, language, field, text, provider })
          .onConflictDoUpdate({
            target: [machineFills.kind, machineFills.recordId, machineFills.language, machineFills.field],
            set: { text, provider, filledAt: new Date() },
          })
    }
    if (by === 'machine')
      await appendAudit(tx, ctx.actor, {
        action: 'machine-translate',
        kind: write.kind,
        recordId: id,
        recordLabel: label,
        language,
        changes: { provider: { from: null, to: provider }, fields: { from: null, to: [...filled.keys()].join(', ') } },
      })
    await write.then?.(tx)
  })
  return id
}

/** 'Approve': the named fields (all when none) are a person's now. */
export async function approveMachineFields(
  ctx: ServiceContext,
  kind: TranslationKind,
  id: string,
  language: string,
  fields?: string[],
) {
  const subject = await fillTarget(kind).load(ctx.db, id, language)
  const translationId = subject.translationId
  if (!translationId) throw badRequest(`There is no ${language} translation to approve`, 'language')
  const pending = await unreviewedFields(ctx.db, kind, translationId, language, subject.target)
  const approved = fields ? pending.filter((f) => fields.includes(f)) : pending
  await ctx.db.transaction(async (tx) => {
    for (const field of approved)
      await tx
        .delete(machineFills)
        .where(
          and(
            eq(machineFills.kind, kind),
            eq(machineFills.recordId, translationId),
            eq(machineFills.language, language),
            eq(machineFills.field, field),
          ),
        )
    if (approved.length)
      await appendAudit(tx, ctx.actor, {
        action: 'approve-machine-fields',
        kind,
        recordId: translationId,
        recordLabel: String(subject.target.title ?? subject.source.title ?? ''),
        language,
        changes: { fields: { from: null, to: approved.join(', ') } },
      })
  })
  return { machineFields: pending.filter((f) => !approved.includes(f)) }
}
