import { eq } from 'drizzle-orm'
import { type ImageAlts, withoutAltOf } from '../../../shared/image-alts.js'
import { notFound } from '../../errors.js'
import { appendAudit } from '../audit-log.js'
import type { ServiceContext } from '../context.js'
import { imagesOfRow, withoutImage } from '../image-fields.js'
import type { ContentRow, RecordKind } from './record-kinds.js'
import { lockRecord } from './record-writes.js'

/**
 * remove-image: takes one image path off whichever field of a project or review holds it, in the
 * published row and in its draft, with its alt text; then deletes the file if nothing else shows it.
 */
export async function removeRecordImage(
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  imagePath: string,
): Promise<void> {
  const published = await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    const draftContent = row.draft ? ({ ...row, ...row.draft } as ContentRow) : null
    const inRow = imagesOfRow(kind.images, row).includes(imagePath)
    const inDraft = draftContent !== null && imagesOfRow(kind.images, draftContent).includes(imagePath)
    if (!inRow && !inDraft) throw notFound(`This ${kind.kind} has no such image`)
    const without = (content: ContentRow) => ({
      ...withoutImage(kind.images, content, imagePath),
      imageAlts: withoutAltOf(content.imageAlts as ImageAlts | null, imagePath),
    })
    await tx
      .update(kind.table)
      .set({
        ...(inRow ? without(row) : {}),
        draft: draftContent ? { ...row.draft, ...without(draftContent) } : null,
        updatedAt: new Date(),
        version: row.version + 1,
        changedBy: ctx.actor.username,
        changedAt: new Date(),
      })
      .where(eq(kind.table.id, row.id))
    await appendAudit(tx, ctx.actor, {
      action: 'remove-image',
      kind: kind.kind,
      recordId: row.id,
      recordLabel: row.title,
      language: row.language,
      changes: { image: { from: imagePath, to: null } },
    })
    return inRow
  })
  await ctx.images.deleteUnreferenced([imagePath])
  if (published) ctx.contentChanged()
}
