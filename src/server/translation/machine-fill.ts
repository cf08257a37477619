import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { type ContentKind, machineFills } from '../db/schema.js'
import { badRequest } from '../errors.js'
import { appendAudit } from '../services/audit-log.js'
import type { ServiceContext } from '../services/context.js'
import { createProjectTranslation } from '../services/project-changes.js'
import { createReviewTranslation } from '../services/reviews.js'
import {
  type ContentRow,
  currentContent,
  editableOf,
  type RecordKind,
  recordKind,
} from '../services/publishing/record-kinds.js'
import { findLiveRecord, lockRecord, saveContent } from '../services/publishing/record-writes.js'
import { type Content, readField, translationFields, writeField } from '../../shared/translation-fields.js'
import { glossaryOf } from './glossary.js'
import { machineTextOf } from './machine-fields.js'
import { same, writePageTextDraft } from './page-text-draft.js'
import { exactMatches } from './memory.js'
import { protect, restore, type ProtectedText } from './placeholders.js'
import { type LanguagePair, type MachineProvider, ProviderError } from './providers/provider.js'
import { joinText, splitText } from './segments.js'
import { checkCap, countCharacters } from './usage.js'

// A machine fill of a translation's draft (issue 40, item 2; decision 140): memory first, then the
// provider for what is left, each segment checked (placeholders.ts). Never the published version;
// never a person's text unless the field is named. One version and audit entries per fill.

export interface FillRequest {
  kind: 'project' | 'review'
  /** The original's id, or any translation's of its group. */
  id: string
  language: string
  fields?: string[]
  onlyOutdated?: boolean
  dryRun?: boolean
}

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

export interface MachineSetup {
  provider: MachineProvider | null
  monthlyLimit: number | null
}

const NO_PROVIDER = 'No machine translation provider is set up (DEEPL_API_KEY, LIBRETRANSLATE_URL or APERTIUM_URL)'

/** The pairs a provider offers, read once a minute at most. */
const pairCache = new WeakMap<MachineProvider, { at: number; pairs: LanguagePair[] }>()
export async function offeredPairs(provider: MachineProvider): Promise<LanguagePair[]> {
  const known = pairCache.get(provider)
  if (known && Date.now() - known.at < 60_000) return known.pairs
  const pairs = await provider.pairs()
  pairCache.set(provider, { at: Date.now(), pairs })
  return pairs
}

async function originalAndTranslation(db: Executor, kind: RecordKind, id: string, language: string) {
  let original = await findLiveRecord(db, kind, id)
  if (original.parentId) original = await findLiveRecord(db, kind, original.parentId)
  if (original.language === language) throw badRequest('Choose a language other than the original’s', 'language')
  const { table } = kind
  const [translation] = await db
    .select()
    .from(table)
    .where(and(eq(table.parentId, original.id), eq(table.language, language), isNull(table.trashedAt)))
  return { original, translation: translation as ContentRow | undefined }
}

/** The fields filled by machine and not reviewed: their text is still the machine's. */
export async function machineFieldsOf(db: Executor, kind: 'project' | 'review', row: ContentRow): Promise<string[]> {
  const machine = await machineTextOf(db, kind, row.id, row.language)
  const content = currentContent(recordKind(kind), row)
  return [...machine].filter(([field, text]) => readField(kind, content, field) === text).map(([field]) => field)
}

/** Whether the original's text of a field changed since the translation was last brought up to date. */
function isOutdated(field: string, translation: ContentRow, source: Content): boolean {
  const then = translation.sourceText
  if (!then) return false
  const amenity = /^amenities\.(\d+)\.title$/.exec(field)
  if (amenity) return (then.amenities ?? '').split('\n')[Number(amenity[1])] !== readField('project', source, field)
  if (!(field in then)) return false
  return then[field] !== readField('project', source, field)
}

interface Planned {
  field: string
  label: string
  split: ReturnType<typeof splitText>
  /** Per segment: the memory's text, or the protected text to send. */
  parts: ({ memory: string } | { send: ProtectedText })[]
}

export async function machineFill(ctx: ServiceContext, setup: MachineSetup, request: FillRequest): Promise<FillReport> {
  const { provider } = setup
  if (!provider) throw badRequest(NO_PROVIDER)
  const kind = recordKind(request.kind)
  const { original, translation } = await originalAndTranslation(ctx.db, kind, request.id, request.language)
  const pair = { source: original.language, target: request.language }
  const offered = await offeredPairs(provider)
  if (!offered.some((p) => p.source === pair.source && p.target === pair.target))
    throw badRequest(
      `The machine translation provider does not translate from ${pair.source} into ${pair.target}`,
      'language',
    )

  const source = editableOf(kind, original)
  const target: Content = translation ? currentContent(kind, translation) : {}
  const machine = translation
    ? await machineTextOf(ctx.db, request.kind, translation.id, translation.language)
    : new Map()
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
    if (!translation) return true
    const outdated = isOutdated(field.id, translation, source)
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
        return hit !== undefined
          ? { memory: hit }
          : { send: protect(segment.text, provider.nativeGlossary ? [] : glossary) }
      }),
    }
  })
  const toSend = plans.flatMap((plan) => plan.parts.flatMap((part) => ('send' in part ? [part.send] : [])))
  const characters = toSend.reduce((sum, part) => sum + part.markup.length, 0)
  const base = { provider: provider.name, language: request.language, characters }
  if (request.dryRun) {
    return {
      ...base,
      translationId: translation?.id ?? null,
      dryRun: true,
      fields: [
        ...reports,
        ...plans.map((plan) => ({
          field: plan.field,
          label: plan.label,
          state: 'filled' as const,
          segments: plan.parts.map((part, index) => ({
            index,
            from: 'memory' in part ? ('memory' as const) : ('machine' as const),
          })),
        })),
      ],
    }
  }

  await checkCap(ctx.db, setup.monthlyLimit, characters)
  let answers: string[] = []
  if (toSend.length > 0) {
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
          id: original.id,
          language: request.language,
          fields: filled,
          by: 'machine',
          provider: provider.name,
        })
      : (translation?.id ?? null)
  return { ...base, translationId, dryRun: false, fields: reports }
}

export interface DraftWrite {
  /** A page text's id is its row's; a project's or review's is the original's (or any of its group's). */
  kind: ContentKind
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

/** Records whose text the fields are: the machine's until reviewed, or a person's (its mark removed). */
export async function recordFieldAuthors(tx: Executor, write: DraftWrite, recordId: string): Promise<void> {
  const provider = write.provider ?? 'machine'
  for (const [field, text] of write.fields) {
    const key = and(
      eq(machineFills.kind, write.kind),
      eq(machineFills.recordId, recordId),
      eq(machineFills.language, write.language),
      eq(machineFills.field, field),
    )
    if (write.by === 'person') await tx.delete(machineFills).where(key)
    else
      await tx
        .insert(machineFills)
        .values({ kind: write.kind, recordId, language: write.language, field, text, provider })
        .onConflictDoUpdate({
          target: [machineFills.kind, machineFills.recordId, machineFills.language, machineFills.field],
          set: { text, provider, filledAt: new Date() },
        })
  }
}

/** The translation's id, created as a draft when the language has none (or another instance's, if it won the race). */
async function translationIdOf(ctx: ServiceContext, kind: RecordKind, write: DraftWrite): Promise<string> {
  const { original, translation } = await originalAndTranslation(ctx.db, kind, write.id, write.language)
  if (translation) return translation.id
  const { language, fields: filled } = write
  const title = filled.get('title') ?? original.title
  try {
    const created =
      kind.kind === 'project'
        ? await createProjectTranslation(
            ctx,
            { language, title },
            { translate: true, parentId: original.id },
            {},
            { saveAs: 'draft' },
          )
        : await createReviewTranslation(
            ctx,
            original.id,
            {
              language,
              title,
              description: filled.get('description') ?? String(editableOf(kind, original).description ?? ''),
            } as never,
            {},
            { saveAs: 'draft' },
          )
    return created._id
  } catch (error) {
    // Another instance created it meanwhile (one member per language per group): use theirs.
    const raced = (await originalAndTranslation(ctx.db, kind, write.id, write.language)).translation
    if (raced) return raced.id
    throw error
  }
}

/**
 * Writes fields into a translation's draft, creating the translation as a draft when missing: one
 * version (none when the draft already held this text), and for a machine's text an audit entry
 * naming the provider. Answers the translation's id. Shared with translation jobs (issue 41),
 * whose page texts are written by writePageTextDraft.
 */
export async function writeTranslationDraft(ctx: ServiceContext, write: DraftWrite): Promise<string> {
  if (write.kind === 'translation-page') return writePageTextDraft(ctx, write)
  const kind = recordKind(write.kind)
  const { language, fields: filled, by } = write
  const provider = write.provider ?? 'machine'
  const id = await translationIdOf(ctx, kind, write)
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    const { original } = await originalAndTranslation(tx, kind, write.id, language)
    const source = editableOf(kind, original)
    const current = currentContent(kind, row)
    let next: Content = current
    for (const [field, text] of filled) next = writeField(kind.kind, next, field, text, source)
    if (!same(current, next)) await saveContent(tx, ctx, kind, row, next, 'draft')
    await recordFieldAuthors(tx, write, id)
    if (by === 'machine')
      await appendAudit(tx, ctx.actor, {
        action: 'machine-translate',
        kind: kind.kind,
        recordId: id,
        recordLabel: String(next.title ?? ''),
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
  kind: 'project' | 'review',
  id: string,
  language: string,
  fields?: string[],
) {
  const record = recordKind(kind)
  const { translation } = await originalAndTranslation(ctx.db, record, id, language)
  if (!translation) throw badRequest(`There is no ${language} translation to approve`, 'language')
  const pending = await machineFieldsOf(ctx.db, kind, translation)
  const approved = fields ? pending.filter((f) => fields.includes(f)) : pending
  await ctx.db.transaction(async (tx) => {
    for (const field of approved)
      await tx
        .delete(machineFills)
        .where(
          and(
            eq(machineFills.kind, kind),
            eq(machineFills.recordId, translation.id),
            eq(machineFills.language, language),
            eq(machineFills.field, field),
          ),
        )
    if (approved.length)
      await appendAudit(tx, ctx.actor, {
        action: 'approve-machine-fields',
        kind,
        recordId: translation.id,
        recordLabel: translation.title,
        language,
        changes: { fields: { from: null, to: approved.join(', ') } },
      })
  })
  return { machineFields: pending.filter((f) => !approved.includes(f)) }
}
