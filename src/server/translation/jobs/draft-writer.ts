import { and, eq, isNull } from 'drizzle-orm'
import type { ContentKind } from '../../db/schema.js'
import { createProjectTranslation } from '../../services/project-changes.js'
import { currentText, editPageText, lockPage } from '../../services/publishing/page-texts.js'
import { currentContent, type ContentRow, recordKind } from '../../services/publishing/record-kinds.js'
import { lockRecord, saveContent } from '../../services/publishing/record-writes.js'
import { createReviewTranslation } from '../../services/reviews.js'
import type { ServiceContext } from '../../services/context.js'
import type { Executor } from '../../db/client.js'
import { withFields } from './record-fields.js'

/** Field values for one record in one language, by field id (`title`, `amenities.2.title`, `text.<key>`). */
export type FieldValues = Record<string, string>

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * Writes a job's text into the draft of a record's translation, creating the translation as a
 * draft when the language has none: one write, with its version and audit entry, never the
 * published text. `then` runs in the same transaction when the translation exists (the job marks
 * its items done with the write). Answers false when the draft already held this text.
 */
export async function writeJobDraft(
  ctx: ServiceContext,
  target: { kind: ContentKind; id: string; language: string },
  values: FieldValues,
  then: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  if (target.kind === 'translation-page') return writePageDraft(ctx, target.id, target.language, values, then)
  const kind = recordKind(target.kind)
  const [existing] = await ctx.db
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(
      and(eq(kind.table.groupId, target.id), eq(kind.table.language, target.language), isNull(kind.table.trashedAt)),
    )
  if (existing) {
    return ctx.db.transaction(async (tx) => {
      const row = await lockRecord(tx, kind, existing.id)
      const content = currentContent(kind, row)
      const next = withFields(target.kind as 'project' | 'review', content, values)
      const changed = !same(content, next)
      if (changed) await saveContent(tx, ctx, kind, row, next, 'draft')
      await then(tx)
      return changed
    })
  }
  const [original] = (await ctx.db.select().from(kind.table).where(eq(kind.table.id, target.id))) as ContentRow[]
  if (!original) return false
  const text = withFields(target.kind as 'project' | 'review', currentContent(kind, original), values)
  const draft = { saveAs: 'draft' as const }
  if (target.kind === 'project') {
    const fields = Object.fromEntries(
      ['title', 'description', 'galleryTitle1', 'galleryDesc1', 'galleryTitle2', 'galleryDesc2', 'amenities'].map(
        (f) => [f, text[f]],
      ),
    )
    await createProjectTranslation(
      ctx,
      { ...fields, language: target.language } as never,
      { translate: true, parentId: target.id },
      {},
      draft,
    )
  } else {
    await createReviewTranslation(
      ctx,
      target.id,
      { title: String(text.title), description: String(text.description), language: target.language } as never,
      {},
      draft,
    )
  }
  await ctx.db.transaction(then)
  return true
}

async function writePageDraft(
  ctx: ServiceContext,
  id: string,
  language: string,
  values: FieldValues,
  then: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, id)
    const current = currentText(row, language) ?? {}
    const next = { ...current }
    for (const [field, value] of Object.entries(values)) if (field.startsWith('text.')) next[field.slice(5)] = value
    const changed = !same(current, next)
    if (changed) await editPageText(tx, ctx, row, [{ [language]: next }], 'draft')
    await then(tx)
    return changed
  })
}
