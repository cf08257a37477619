import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { FieldChanges } from '../../../shared/types.js'
import type { VersionState } from '../../../shared/publishing.js'
import type { Executor } from '../../db/client.js'
import { images } from '../../db/schema.js'
import { badRequest, notFound } from '../../errors.js'
import { appendAudit, fieldChanges } from '../audit-log.js'
import type { ServiceContext } from '../context.js'
import { imagesOfRow } from '../image-fields.js'
import {
  changedFields,
  type ContentRow,
  currentContent,
  type Editable,
  editableOf,
  fingerprint,
  type RecordKind,
  translatedText,
} from './record-kinds.js'
import { announceRecord } from './public-addresses.js'
import { cancelPending, type ScheduleClaim, settleClaim } from './schedule-rows.js'
import { addVersion } from './versions.js'
import { rememberPublished } from '../../translation/memory-hook.js'
import { refuseIfUnreviewed, refuseUnreviewed, unreviewedFields } from '../../translation/machine-fields.js'
import { type ImageAlts, keepAltsOf, projectAltImages, reviewAltImages } from '../../../shared/image-alts.js'

/** The row of a record not in the trash (404 otherwise), locked until the transaction ends or not. */
async function liveRecord(db: Executor, kind: RecordKind, id: string, lock: boolean): Promise<ContentRow> {
  const { table } = kind
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNull(table.trashedAt)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(kind.notFound)
  return row as ContentRow
}

/** The row, locked until the transaction ends: the one way to read a row about to be written. */
export const lockRecord = (tx: Executor, kind: RecordKind, id: string) => liveRecord(tx, kind, id, true)

/** The row, read without a lock (publishing reads: versions, preview addresses). */
export const findLiveRecord = (db: Executor, kind: RecordKind, id: string) => liveRecord(db, kind, id, false)

async function originalOf(tx: Executor, kind: RecordKind, row: ContentRow): Promise<ContentRow | undefined> {
  if (!row.parentId) return undefined
  const [original] = await tx.select().from(kind.table).where(eq(kind.table.id, row.parentId))
  return original as ContentRow | undefined
}

/** Every image a row holds, its draft's included (what may be left unused after a change). */
export function imagesOfRecord(kind: RecordKind, row: ContentRow): string[] {
  return [...imagesOfRow(kind.images, row), ...(row.draft ? imagesOfRow(kind.images, { ...row, ...row.draft }) : [])]
}

/** One change of a record, as its version and its audit entry tell it. */
interface KeptChange {
  action: string
  state: VersionState
  /** The content before (null: the record is new) and after; their differences are the change. */
  before: Editable | null
  after: Editable
  /** The version's number: the row's next, unless given. */
  number?: number
  /** What the audit entry names besides the fields (the publishing state, an address, a version). */
  alsoChanged?: FieldChanges
}

/** A save's audit action and version state: a draft save is 'save-draft', whatever it saves. */
const savedAs = (mode: 'draft' | 'publish', action: string): Pick<KeptChange, 'action' | 'state'> =>
  mode === 'draft' ? { action: 'save-draft', state: 'draft' } : { action, state: 'published' }

/** Every change of a record is kept twice: as a version (what it was) and in the audit log (who, when). */
async function keepChange(tx: Executor, ctx: ServiceContext, kind: RecordKind, row: ContentRow, change: KeptChange) {
  const versionId = await addVersion(
    tx,
    ctx.actor,
    ctx.publishing.versions,
    { kind: kind.kind, recordId: row.id, language: row.language },
    {
      number: change.number ?? row.version + 1,
      state: change.state,
      fields: changedFields(change.before, change.after, kind.editable),
      data: change.after,
    },
  )
  await appendAudit(tx, ctx.actor, {
    action: change.action,
    kind: kind.kind,
    recordId: row.id,
    recordLabel: String(change.after.title ?? ''),
    language: row.language,
    changes: { ...fieldChanges(change.before, change.after, kind.editable), ...change.alsoChanged },
    versionId,
  })
}

const stamp = (ctx: ServiceContext, row: ContentRow) => ({
  version: row.version + 1,
  changedBy: ctx.actor.username,
  changedAt: new Date(),
})

/** A translation's record of the original's text it was written from (for needsUpdate). */
async function sourceOf(tx: Executor, kind: RecordKind, row: ContentRow) {
  const original = await originalOf(tx, kind, row)
  if (!original) return {}
  const text = translatedText(kind, original)
  return { sourceText: text, sourceFingerprint: fingerprint(text) }
}

/**
 * An edit of a locked record: a draft (the published columns untouched) or, as the spec's calls
 * always did, published at once. One version and one audit entry, in the caller's transaction;
 * `alsoChanged` adds what the caller changed outside the content (a project's slug).
 */
export async function saveContent(
  tx: Executor,
  ctx: ServiceContext,
  kind: RecordKind,
  row: ContentRow,
  next: Editable,
  mode: 'draft' | 'publish',
  alsoChanged: FieldChanges = {},
): Promise<void> {
  // The one rule of a save: the content it leaves, whatever the caller left out, must be
  // publishable when the save publishes; a draft may be unfinished.
  if (mode === 'publish') {
    const problem = publishProblem(kind, next)
    if (problem) throw badRequest(problem.message, problem.field)
    // MT_REQUIRE_REVIEW: a save that publishes may not publish machine text nobody reviewed.
    if (ctx.publishing.requireMachineReview && row.parentId)
      refuseIfUnreviewed(await unreviewedFields(tx, kind.kind, row.id, row.language, next))
  }
  const base = currentContent(kind, row)
  const { table } = kind
  const values =
    mode === 'draft'
      ? { draft: next }
      : { ...next, draft: null, publishState: 'published' as const, scheduleError: null, updatedAt: new Date() }
  await tx
    .update(table)
    .set({ ...values, ...stamp(ctx, row), ...(await sourceOf(tx, kind, row)) })
    .where(eq(table.id, row.id))
  // A save that publishes is a publish (the spec's screens save this way).
  if (mode === 'publish') await madePublic(tx, ctx, kind, row, next)
  await keepChange(tx, ctx, kind, row, {
    ...savedAs(mode, 'update'),
    before: base,
    after: next,
    alsoChanged,
  })
}

/**
 * What follows every way a record's content becomes public (a save that publishes, a new record,
 * a publish now or scheduled): search engines are told, and the translation memory keeps a
 * translation's sentences (issue 40, item 5).
 */
async function madePublic(tx: Executor, ctx: ServiceContext, kind: RecordKind, row: ContentRow, content: Editable) {
  await announceRecord(tx, ctx, kind, row)
  await rememberPublished(tx, kind, row, content)
}

/** A record just inserted (as published, or as a draft): its first version and audit entry. */
export async function recordCreated(
  tx: Executor,
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  mode: 'draft' | 'publish',
): Promise<void> {
  const [inserted] = await tx.select().from(kind.table).where(eq(kind.table.id, id))
  const row = inserted as ContentRow
  const content = editableOf(kind, row)
  await tx
    .update(kind.table)
    .set({
      changedBy: ctx.actor.username,
      ...(mode === 'draft' ? { publishState: 'draft' as const, draft: content } : {}),
      ...(await sourceOf(tx, kind, row)),
    })
    .where(eq(kind.table.id, id))
  if (mode === 'publish') await madePublic(tx, ctx, kind, row, content)
  await keepChange(tx, ctx, kind, row, {
    ...savedAs(mode, 'create'),
    before: null,
    after: content,
    number: 1,
  })
}

/** Why content cannot be public (the kind's publishing rule), naming the field; undefined when it can. */
function publishProblem(kind: RecordKind, content: Editable): { message: string; field?: string } | undefined {
  const result = kind.publishSchema.safeParse(content)
  if (result.success) return undefined
  const issue = result.error.issues[0]!
  return { message: issue.message, field: issue.path.join('.') || undefined }
}

/** A draft that does not meet the publishing rules: the message names its language and field. */
function checkPublishable(kind: RecordKind, row: ContentRow, content: Editable) {
  const problem = publishProblem(kind, content)
  if (problem) throw badRequest(`The ${row.language} version cannot be published: ${problem.message}`, problem.field)
}

/**
 * Makes a record public now: its draft when it has one, else what it had (republishes an
 * unpublished record). With `claim`, it is a scheduled run, done at most once (schedule-rows.ts).
 * Answers the images the change may have left unused; `changed` is false when nothing changed.
 */
export async function publishRecord(
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  claim?: ScheduleClaim,
): Promise<{ released: string[]; changed: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    if (claim && !(await settleClaim(tx, claim))) return { released: [], changed: false }
    await cancelPending(tx, { kind: kind.kind, recordId: id, language: '' }, 'publish')
    if (!row.draft && row.publishState === 'published') return { released: [], changed: false }
    const content = currentContent(kind, row)
    checkPublishable(kind, row, content)
    if (ctx.publishing.requireMachineReview) await refuseUnreviewed(tx, kind.kind, row)
    const { table } = kind
    await tx
      .update(table)
      .set({
        ...content,
        draft: null,
        publishState: 'published',
        scheduleError: null,
        updatedAt: new Date(),
        ...stamp(ctx, row),
      })
      .where(eq(table.id, id))
    await keepChange(tx, ctx, kind, row, {
      action: 'publish',
      state: 'published',
      before: editableOf(kind, row),
      after: content,
      alsoChanged: { publishState: { from: row.publishState, to: 'published' } },
    })
    await madePublic(tx, ctx, kind, row, content)
    return { released: imagesOfRecord(kind, row), changed: true }
  })
  if (result.changed) {
    await ctx.images.deleteUnreferenced(result.released)
    ctx.contentChanged()
  }
  return result
}

/** Takes a published record off the site (an original takes its whole group with it). */
export async function unpublishRecord(
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  claim?: ScheduleClaim,
): Promise<void> {
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    if (claim && !(await settleClaim(tx, claim))) return false
    await cancelPending(tx, { kind: kind.kind, recordId: id, language: '' }, 'unpublish')
    if (row.publishState !== 'published') return false
    await tx
      .update(kind.table)
      .set({ publishState: 'unpublished', scheduleError: null, ...stamp(ctx, row) })
      .where(eq(kind.table.id, id))
    const content = editableOf(kind, row)
    // The content stays as it was: the change is the state alone.
    await keepChange(tx, ctx, kind, row, {
      action: 'unpublish',
      state: 'unpublished',
      before: content,
      after: content,
      alsoChanged: { publishState: { from: 'published', to: 'unpublished' } },
    })
    await announceRecord(tx, ctx, kind, row)
    return true
  })
  if (changed) {
    ctx.contentChanged()
  }
}

/** Makes an earlier version the draft (images deleted since are left out). */
export async function restoreRecordVersion(
  ctx: ServiceContext,
  kind: RecordKind,
  id: string,
  data: Editable,
  versionNumber: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    const restored = altsOfImagesIn(
      kind,
      await withoutMissingImages(tx, { ...currentContent(kind, row), ...editableOf(kind, data) }),
    )
    const base = currentContent(kind, row)
    await tx
      .update(kind.table)
      .set({ draft: restored, ...stamp(ctx, row) })
      .where(eq(kind.table.id, id))
    await keepChange(tx, ctx, kind, row, {
      action: 'restore-version',
      state: 'restored',
      before: base,
      after: restored,
      alsoChanged: { restoredFrom: { from: null, to: versionNumber } },
    })
  })
}

/** The alt text of the images the content still has; a version older than alt text gets none (decision 115). */
function altsOfImagesIn(kind: RecordKind, content: Editable): Editable {
  const images = kind.kind === 'project' ? projectAltImages(content) : reviewAltImages(content)
  return { ...content, imageAlts: keepAltsOf(content.imageAlts as ImageAlts | null, images) }
}

/** An old version may name images deleted since: they are dropped, never shown broken. */
async function withoutMissingImages(tx: Executor, content: Editable): Promise<Editable> {
  const named = [
    content.featuredImage,
    content.galleryBannerImage,
    content.ogImage,
    ...((content.galleryImages as string[] | undefined) ?? []),
    ...((content.amenities as { image: string | null }[] | undefined) ?? []).map((a) => a.image),
  ].filter((p): p is string => typeof p === 'string' && p.length > 0)
  if (named.length === 0) return content
  const known = new Set(
    (await tx.select({ path: images.path }).from(images).where(inArray(images.path, named))).map((r) => r.path),
  )
  const keep = (p: unknown) => (typeof p === 'string' && known.has(p) ? p : null)
  const result: Editable = { ...content }
  if ('featuredImage' in content) result.featuredImage = keep(content.featuredImage)
  if ('galleryBannerImage' in content) result.galleryBannerImage = keep(content.galleryBannerImage)
  if ('ogImage' in content) result.ogImage = keep(content.ogImage)
  if (Array.isArray(content.galleryImages)) result.galleryImages = content.galleryImages.filter((p) => keep(p))
  if (Array.isArray(content.amenities))
    result.amenities = (content.amenities as { title: string; image: string | null }[]).map((a) => ({
      ...a,
      image: keep(a.image),
    }))
  return result
}

/** 'Mark as up to date': the original's text as it is now becomes what this translation follows. */
export async function markRecordUpToDate(ctx: ServiceContext, kind: RecordKind, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockRecord(tx, kind, id)
    if (!row.parentId) throw badRequest('Only a translation can fall behind its original')
    const source = await sourceOf(tx, kind, row)
    await tx
      .update(kind.table)
      .set({ ...source, ...stamp(ctx, row) })
      .where(eq(kind.table.id, id))
    await appendAudit(tx, ctx.actor, {
      action: 'mark-up-to-date',
      kind: kind.kind,
      recordId: id,
      recordLabel: row.title,
      language: row.language,
      changes: { sourceText: { from: row.sourceText, to: source.sourceText ?? null } },
    })
  })
}
