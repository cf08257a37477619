import { currentText, editPageText, lockPage } from '../services/publishing/page-texts.js'
import type { ServiceContext } from '../services/context.js'
import { type DraftWrite, recordFieldAuthors } from './machine-fill.js'

/** Whether two texts (or contents) are the same: a write that changes nothing makes no version. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * writeTranslationDraft for a page's texts (fields `text.<key>`): one row holds every language,
 * so the language's draft is written in place (no version when it already held this text).
 * Answers the page's id.
 */
export async function writePageTextDraft(ctx: ServiceContext, write: DraftWrite): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, write.id)
    const current = currentText(row, write.language) ?? {}
    const next = { ...current }
    for (const [field, value] of write.fields) if (field.startsWith('text.')) next[field.slice('text.'.length)] = value
    if (!same(current, next)) await editPageText(tx, ctx, row, [{ [write.language]: next }], 'draft')
    await recordFieldAuthors(tx, write, write.id)
    await write.then?.(tx)
  })
  return write.id
}
