import type { FieldChanges } from '../../../shared/types.js'
import type { WriteOptions } from '../../../shared/schemas/publishing.schema.js'
import type { Executor } from '../../db/client.js'
import type { ServiceContext } from '../context.js'
import { type UploadedFiles, withUploads } from '../uploads.js'
import type { ContentRow, Editable, RecordKind } from './record-kinds.js'
import { findLiveRecord, imagesOfRecord, lockRecord, saveContent } from './record-writes.js'
import { checkVersion } from './stale-version.js'

/** A save publishes unless it asks to be a draft (issue 22). */
export const saveMode = (options: WriteOptions): 'draft' | 'publish' =>
  options.saveAs === 'draft' ? 'draft' : 'publish'

export interface RecordChange {
  /** The editable fields as the save leaves them. */
  content: Editable
  /** What the save changed outside the content (a project's address), for the audit entry. */
  alsoChanged?: FieldChanges
}

/**
 * update-project and update-review: a missing field keeps its value. Uploads are stored first
 * (seconds of image work); then the row is locked, read and written in one transaction, so a
 * removal or save that happened meanwhile is never overwritten. `change` gives the content from
 * the row as locked and `base`, what the admin edited: the draft when there is one.
 */
export async function updateRecord<R extends ContentRow>(
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  files: UploadedFiles,
  options: WriteOptions,
  change: (tx: Executor, current: R, base: R, stored: Record<string, string[]>) => Promise<RecordChange>,
): Promise<void> {
  await findLiveRecord(ctx.db, kind, id)
  const mode = saveMode(options)
  let moved = false
  const previous = await withUploads(ctx.images, files, (stored) =>
    ctx.db.transaction(async (tx) => {
      const current = (await lockRecord(tx, kind, id)) as R
      checkVersion(options.version, current)
      const base = { ...current, ...(current.draft ?? {}) } as R
      const { content, alsoChanged = {} } = await change(tx, current, base, stored)
      // A new address applies at once, draft or not (slug-changes.ts).
      moved = 'slug' in alsoChanged
      await saveContent(tx, ctx, kind, current, content, mode, alsoChanged)
      return imagesOfRecord(kind, current)
    }),
  )
  if (mode === 'publish') await ctx.images.deleteUnreferenced(previous)
  if (mode === 'publish' || moved) ctx.contentChanged()
}
