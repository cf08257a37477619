import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { TrashEntry } from '../../../shared/publishing.js'
import type { Executor } from '../../db/client.js'
import { previewLinks, projects } from '../../db/schema.js'
import { conflict, notFound } from '../../errors.js'
import { appendAudit } from '../audit-log.js'
import type { ServiceContext } from '../context.js'
import { type ContentRow, PROJECT_KIND, type ProjectRow, type RecordKind, REVIEW_KIND } from './record-kinds.js'
import { announceRecord } from './public-addresses.js'
import { imagesOfRecord, lockRecord } from './record-writes.js'
import { cancelPendingOf } from './schedule-rows.js'
import { deleteVersionsOf } from './versions.js'
import { projectsGone, projectsRestored } from '../slug-changes.js'

/**
 * The trash (decision 085). delete-project and delete-review set trashed_at on the record and,
 * for an original, on its whole group, with one timestamp: that moment names the batch a restore
 * or purge brings back or removes together. Rows, drafts and images stay where they are (the
 * image sweeper counts a trashed row as a reference), so a restore is one UPDATE; only a purge
 * deletes rows, and then the images nothing else uses.
 */
export async function trashRecord(ctx: ServiceContext, kind: RecordKind, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    // Read before the trashing: the addresses that answer 410 from now on.
    if (row.publishState === 'published') await announceRecord(tx, ctx, kind, row)
    const { table } = kind
    const at = new Date()
    const members = (await tx
      .update(table)
      .set({ trashedAt: at, trashedBy: ctx.actor.username })
      .where(and(row.parentId ? eq(table.id, row.id) : eq(table.groupId, row.id), isNull(table.trashedAt)))
      .returning({ id: table.id })) as { id: string }[]
    // A project's addresses answer 410 from now on (decision 111); reviews have no page.
    if (kind === PROJECT_KIND) await projectsGone(tx, await addressesOf(tx, members))
    await cancelPendingOf(
      tx,
      kind.kind,
      members.map((m) => m.id),
    )
    await appendAudit(tx, ctx.actor, {
      action: 'trash',
      kind: kind.kind,
      recordId: row.id,
      recordLabel: row.title,
      language: row.language,
      changes: {
        trashedAt: { from: null, to: at.toISOString() },
        translations: { from: null, to: members.length - 1 },
      },
    })
  })
  ctx.contentChanged()
}

async function addressesOf(tx: Executor, members: { id: string }[]) {
  return tx
    .select({ id: projects.id, slug: projects.slug, language: projects.language })
    .from(projects)
    .where(
      inArray(
        projects.id,
        members.map((m) => m.id),
      ),
    )
}

/** The trashed row and the rows trashed with it (same group, same moment). */
async function batchOf(
  tx: Executor,
  kind: RecordKind,
  id: string,
): Promise<{ row: ContentRow; members: ContentRow[] }> {
  const { table } = kind
  const [found] = (await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNotNull(table.trashedAt)))
    .for('update')) as ContentRow[]
  if (!found) throw notFound('Not in the trash')
  const members = (await tx
    .select()
    .from(table)
    .where(and(eq(table.groupId, found.groupId), eq(table.trashedAt, found.trashedAt!)))
    .for('update')) as ContentRow[]
  // A translation trashed with its original comes back with it, not alone.
  const original = members.find((m) => m.parentId === null)
  if (found.parentId && original) return { row: original, members }
  return { row: found, members: found.parentId ? [found] : members }
}

export async function restoreFromTrash(ctx: ServiceContext, kind: RecordKind, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { row, members } = await batchOf(tx, kind, id)
    const { table } = kind
    if (row.parentId) {
      const [original] = await tx.select({ trashedAt: table.trashedAt }).from(table).where(eq(table.id, row.parentId))
      if (original?.trashedAt) throw conflict('Restore the original first: it is in the trash too')
    }
    await tx
      .update(table)
      .set({ trashedAt: null, trashedBy: null })
      .where(
        inArray(
          table.id,
          members.map((m) => m.id),
        ),
      )
    if (kind === PROJECT_KIND) await projectsRestored(tx, members as ProjectRow[])
    if (row.publishState === 'published') await announceRecord(tx, ctx, kind, row)
    await appendAudit(tx, ctx.actor, {
      action: 'restore',
      kind: kind.kind,
      recordId: row.id,
      recordLabel: row.title,
      language: row.language,
      changes: { trashedAt: { from: row.trashedAt!.toISOString(), to: null } },
    })
  })
  ctx.contentChanged()
}

/** Deletes for good: the rows, their history, schedules and preview links, then unused images. */
export async function purgeFromTrash(ctx: ServiceContext, kind: RecordKind, id: string): Promise<void> {
  const released = await ctx.db.transaction(async (tx) => {
    const { row, members } = await batchOf(tx, kind, id)
    const { table } = kind
    // An original's row goes last: ON DELETE CASCADE would take any translation with it anyway.
    const ids = members.map((m) => m.id)
    await tx.delete(table).where(inArray(table.id, ids))
    await deleteVersionsOf(tx, kind.kind, ids)
    await cancelPendingOf(tx, kind.kind, ids)
    await tx.delete(previewLinks).where(and(eq(previewLinks.kind, kind.kind), inArray(previewLinks.recordId, ids)))
    await appendAudit(tx, ctx.actor, {
      action: 'purge',
      kind: kind.kind,
      recordId: row.id,
      recordLabel: row.title,
      language: row.language,
      changes: { translations: { from: members.length - 1, to: null } },
    })
    return members.flatMap((m) => imagesOfRecord(kind, m))
  })
  await ctx.images.deleteUnreferenced(released)
}

export async function listTrash(ctx: ServiceContext): Promise<TrashEntry[]> {
  const entries: TrashEntry[] = []
  for (const kind of [PROJECT_KIND, REVIEW_KIND]) {
    const { table } = kind
    const rows = (await ctx.db.select().from(table).where(isNotNull(table.trashedAt)).limit(10_000)) as ContentRow[]
    const batches = new Map<string, ContentRow[]>()
    for (const row of rows) {
      const key = `${row.groupId}/${row.trashedAt!.toISOString()}`
      batches.set(key, [...(batches.get(key) ?? []), row])
    }
    for (const members of batches.values()) {
      const head = members.find((m) => m.parentId === null) ?? members[0]!
      const singles = head.parentId ? members : [head]
      for (const row of singles) {
        entries.push({
          kind: kind.kind,
          id: row.id,
          title: row.title,
          language: row.language,
          trashedAt: row.trashedAt!.toISOString(),
          trashedBy: row.trashedBy,
          purgeAt: new Date(row.trashedAt!.getTime() + ctx.publishing.trashDays * 86_400_000).toISOString(),
          translations: head.parentId ? 0 : members.length - 1,
        })
      }
    }
  }
  return entries.sort((a, b) => b.trashedAt.localeCompare(a.trashedAt))
}

/** Purges what has been in the trash longer than TRASH_DAYS (a few at a time). Answers how many. */
export async function purgeExpiredTrash(ctx: ServiceContext, batch = 20): Promise<number> {
  let purged = 0
  for (const kind of [PROJECT_KIND, REVIEW_KIND]) {
    const { table } = kind
    const due = (await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          isNotNull(table.trashedAt),
          lt(table.trashedAt, sql`now() - ${ctx.publishing.trashDays} * interval '1 day'`),
        ),
      )
      .limit(batch)) as { id: string }[]
    for (const { id } of due) {
      try {
        await purgeFromTrash(ctx, kind, id)
        purged++
      } catch (error) {
        // A row purged with its batch a moment ago is not found: nothing to do.
        if (!(error instanceof Error && error.message === 'Not in the trash')) throw error
      }
    }
  }
  return purged
}
