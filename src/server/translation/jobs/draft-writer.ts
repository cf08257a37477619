import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { type ContentKind, machineFills } from '../../db/schema.js'
import { createProjectTranslation } from '../../services/project-changes.js'
import { currentText, editPageText, lockPage } from '../../services/publishing/page-texts.js'
import { type ContentRow, currentContent, editableOf, recordKind } from '../../services/publishing/record-kinds.js'
import { lockRecord, saveContent } from '../../services/publishing/record-writes.js'
import { createReviewTranslation } from '../../services/reviews.js'
import type { ServiceContext } from '../../services/context.js'
import { withFields } from './record-fields.js'

/** Field values for one record in one language, by field id (`title`, `amenities.2.title`, `text.<key>`). */
export type FieldValues = Record<string, string>

export interface DraftWrite {
  /** The original's id (a page text's row). */
  kind: ContentKind
  id: string
  language: string
  values: FieldValues
  /** Machine text is recorded as the machine's (machineFields) until a person edits or approves it; an agency's is a person's. */
  machine?: { provider: string }
  /** Runs in the write's transaction: the job marks its items done with the write, never apart. */
  then(tx: Executor): Promise<void>
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

async function recordMachineText(tx: Executor, write: DraftWrite, recordId: string) {
  if (!write.machine) return
  for (const [field, text] of Object.entries(write.values))
    await tx
      .insert(machineFills)
      .values({ kind: write.kind, recordId, language: write.language, field, text, provider: write.machine.provider })
      .onConflictDoUpdate({
        target: [machineFills.kind, machineFills.recordId, machineFills.language, machineFills.field],
        set: { text, provider: write.machine.provider, filledAt: new Date() },
      })
}

/** The translation's row id, created as a draft (with the original's text) when the language has none. */
async function translationIdOf(ctx: ServiceContext, write: DraftWrite): Promise<string | null> {
  const kind = recordKind(write.kind as 'project' | 'review')
  const find = async () =>
    (
      await ctx.db
        .select({ id: kind.table.id })
        .from(kind.table)
        .where(
          and(eq(kind.table.groupId, write.id), eq(kind.table.language, write.language), isNull(kind.table.trashedAt)),
        )
    )[0]?.id ?? null
  const existing = await find()
  if (existing) return existing
  const [original] = (await ctx.db.select().from(kind.table).where(eq(kind.table.id, write.id))) as ContentRow[]
  if (!original || original.trashedAt) return null
  const title = write.values.title ?? original.title
  const draft = { saveAs: 'draft' as const }
  try {
    if (write.kind === 'project')
      await createProjectTranslation(
        ctx,
        { language: write.language, title },
        { translate: true, parentId: write.id },
        {},
        draft,
      )
    else
      await createReviewTranslation(
        ctx,
        write.id,
        { language: write.language, title, description: write.values.description ?? original.description } as never,
        {},
        draft,
      )
  } catch (error) {
    // Another instance created it meanwhile (one member per language per group): use theirs.
    const raced = await find()
    if (raced) return raced
    throw error
  }
  return find()
}

/**
 * Writes a job's text into the draft of a record's translation, creating the translation as a
 * draft when the language has none: one write of all the record's fields, with its version and
 * audit entry, never the published text (issue 41: a record whole or not at all). Answers false
 * when the draft already held this text, or the record is gone.
 */
export async function writeJobDraft(ctx: ServiceContext, write: DraftWrite): Promise<boolean> {
  if (write.kind === 'translation-page') return writePageDraft(ctx, write)
  const kind = recordKind(write.kind)
  const id = await translationIdOf(ctx, write)
  if (!id) return false
  return ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    const [original] = (await tx.select().from(kind.table).where(eq(kind.table.id, write.id))) as ContentRow[]
    const content = currentContent(kind, row)
    const next = withFields(kind.kind, content, write.values, original ? editableOf(kind, original) : undefined)
    const changed = !same(content, next)
    if (changed) await saveContent(tx, ctx, kind, row, next, 'draft')
    await recordMachineText(tx, write, id)
    await write.then(tx)
    return changed
  })
}

async function writePageDraft(ctx: ServiceContext, write: DraftWrite): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, write.id)
    const current = currentText(row, write.language) ?? {}
    const next = { ...current }
    for (const [field, value] of Object.entries(write.values))
      if (field.startsWith('text.')) next[field.slice('text.'.length)] = value
    const changed = !same(current, next)
    if (changed) await editPageText(tx, ctx, row, [{ [write.language]: next }], 'draft')
    await recordMachineText(tx, write, write.id)
    await write.then(tx)
    return changed
  })
}
