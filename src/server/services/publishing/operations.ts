import { localePath } from '../../../shared/locale-path.js'
import { eq } from 'drizzle-orm'
import type { ContentKind } from '../../db/schema.js'
import { translationPages } from '../../db/schema.js'
import { badRequest, notFound } from '../../errors.js'
import { appendAudit, type AuditEntry } from '../audit-log.js'
import type { FieldChanges } from '../../../shared/types.js'
import type { ServiceContext } from '../context.js'
import { getAdminProject } from '../projects.js'
import { getReview } from '../reviews.js'
import { getTranslationPage } from '../translation-pages.js'
import type { SecretBox } from '../secret-box.js'
import {
  languageState,
  markPageLanguageUpToDate,
  PAGE_NOT_FOUND,
  publishPageLanguage,
  restorePageVersion,
  unpublishPageLanguage,
} from './page-texts.js'
import { createPreviewLink, revokePreviewLinks } from './preview-links.js'
import { pageTextPath } from './public-addresses.js'
import { recordKind } from './record-kinds.js'
import {
  findLiveRecord,
  markRecordUpToDate,
  publishRecord,
  restoreRecordVersion,
  unpublishRecord,
} from './record-writes.js'
import { addSchedule, cancelPending, type ScheduleAction, type ScheduleTarget } from './schedule-rows.js'
import { getVersion, listVersions, type VersionRef } from './versions.js'
import { formatMoment } from './stale-version.js'

/** What a publishing call names: a project or review by its own id, or one language of a page text. */
export interface Target {
  kind: ContentKind
  id: string
  /** Required for a page text; ignored otherwise. */
  language?: string
}

/** The record as the back office reads it (get-project, get-review, get-translation). */
export function readRecord(ctx: ServiceContext, target: Target) {
  if (target.kind === 'project') return getAdminProject(ctx.db, target.id)
  if (target.kind === 'review') return getReview(ctx.db, target.id)
  return getTranslationPage(ctx.db, target.id)
}

/** The target's row exists (and the page has that language); answers what schedules and versions are keyed by. */
async function resolve(
  ctx: ServiceContext,
  target: Target,
): Promise<{ schedule: ScheduleTarget; versions: VersionRef; label: string }> {
  if (target.kind === 'translation-page') {
    const language = target.language
    if (!language) throw badRequest('language is required for a page text', 'language')
    const [row] = await ctx.db.select().from(translationPages).where(eq(translationPages.id, target.id))
    if (!row) throw notFound(PAGE_NOT_FOUND)
    if (!languageState(row, language)) throw notFound('This page has no text in that language')
    const ref = { kind: target.kind, recordId: row.id, language }
    return { schedule: ref, versions: ref, label: row.page }
  }
  const kind = recordKind(target.kind)
  const row = await findLiveRecord(ctx.db, kind, target.id)
  return {
    schedule: { kind: target.kind, recordId: row.id, language: '' },
    versions: { kind: target.kind, recordId: row.id, language: row.language },
    label: row.title,
  }
}

async function runNow(ctx: ServiceContext, target: Target, action: ScheduleAction) {
  if (target.kind === 'translation-page') {
    if (action === 'publish') await publishPageLanguage(ctx, target.id, target.language!)
    else await unpublishPageLanguage(ctx, target.id, target.language!)
  } else {
    const kind = recordKind(target.kind)
    if (action === 'publish') await publishRecord(ctx, kind, target.id)
    else await unpublishRecord(ctx, kind, target.id)
  }
}

/** An audit entry about the record a publishing call names. */
const entryOf = (target: Target, label: string, action: string, changes: FieldChanges): AuditEntry => ({
  action,
  kind: target.kind,
  recordId: target.id,
  recordLabel: label,
  language: target.language ?? null,
  changes,
})

/**
 * POST /publish and /unpublish: now, or at `at` (a time already past means now). Answers the
 * record and the message the back office shows.
 */
export async function publishOrSchedule(ctx: ServiceContext, target: Target, action: ScheduleAction, at?: Date) {
  const { schedule, label } = await resolve(ctx, target)
  if (!at || at.getTime() <= Date.now()) {
    await runNow(ctx, target, action)
    return { ...(await readRecord(ctx, target)), message: action === 'publish' ? 'Published' : 'Unpublished' }
  }
  await ctx.db.transaction(async (tx) => {
    await addSchedule(tx, ctx.actor, schedule, action, at)
    const field = action === 'publish' ? 'publishAt' : 'unpublishAt'
    await appendAudit(
      tx,
      ctx.actor,
      entryOf(target, label, 'schedule', { [field]: { from: null, to: at.toISOString() } }),
    )
  })
  ctx.publishing.scheduled()
  const verb = action === 'publish' ? 'Scheduled' : 'Unpublishing scheduled'
  return { ...(await readRecord(ctx, target)), message: `${verb} for ${formatMoment(at)}` }
}

export async function cancelSchedules(ctx: ServiceContext, target: Target) {
  const { schedule, label } = await resolve(ctx, target)
  await ctx.db.transaction(async (tx) => {
    const cancelled = await cancelPending(tx, schedule)
    if (cancelled > 0)
      await appendAudit(
        tx,
        ctx.actor,
        entryOf(target, label, 'cancel-schedule', { schedules: { from: cancelled, to: 0 } }),
      )
  })
  return { ...(await readRecord(ctx, target)), message: 'Schedule cancelled' }
}

export async function versionsOf(ctx: ServiceContext, target: Target, page: { limit: number; offset: number }) {
  const { versions } = await resolve(ctx, target)
  return listVersions(ctx.db, versions, page)
}

export async function versionOf(ctx: ServiceContext, target: Target, versionId: string) {
  const { versions } = await resolve(ctx, target)
  return getVersion(ctx.db, versions, versionId)
}

export async function restoreVersion(ctx: ServiceContext, target: Target, versionId: string) {
  const { versions } = await resolve(ctx, target)
  const version = await getVersion(ctx.db, versions, versionId)
  if (target.kind === 'translation-page') await restorePageVersion(ctx, target.id, target.language!, version.data)
  else await restoreRecordVersion(ctx, recordKind(target.kind), target.id, version.data, version.number)
  return readRecord(ctx, target)
}

export async function markUpToDate(ctx: ServiceContext, target: Target) {
  if (target.kind === 'translation-page') {
    if (!target.language) throw badRequest('language is required for a page text', 'language')
    await markPageLanguageUpToDate(ctx, target.id, target.language)
  } else await markRecordUpToDate(ctx, recordKind(target.kind), target.id)
  return readRecord(ctx, target)
}

/** The public address of what a preview shows: a project's page, the home page for a review, a page text's page. */
export async function previewPath(
  ctx: ServiceContext,
  target: { kind: ContentKind; recordId: string; language: string },
) {
  if (target.kind === 'project') {
    const row = (await findLiveRecord(ctx.db, recordKind('project'), target.recordId)) as { slug: string }
    return `/project/${row.slug}`
  }
  if (target.kind === 'review') {
    const row = await findLiveRecord(ctx.db, recordKind('review'), target.recordId)
    return localePath(row.language, '/')
  }
  const [row] = await ctx.db.select().from(translationPages).where(eq(translationPages.id, target.recordId))
  if (!row) throw notFound(PAGE_NOT_FOUND)
  return pageTextPath(row.page, target.language)
}

export async function makePreviewLink(ctx: ServiceContext, secrets: SecretBox, target: Target) {
  const { schedule } = await resolve(ctx, target)
  const ref = { kind: target.kind, recordId: schedule.recordId, language: schedule.language }
  const { token, expiresAt } = await createPreviewLink(ctx.db, secrets, ctx.actor, ref, ctx.publishing.previewLinkHours)
  return { url: new URL(`/preview/${token}`, ctx.publishing.publicUrl).toString(), expiresAt: expiresAt.toISOString() }
}

export async function withdrawPreviewLinks(ctx: ServiceContext, target: Target) {
  const { schedule } = await resolve(ctx, target)
  await revokePreviewLinks(ctx.db, { kind: target.kind, recordId: schedule.recordId, language: schedule.language })
  return { message: 'Preview links withdrawn' }
}
