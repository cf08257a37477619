import type {
  NeedsUpdate,
  PublishingFields,
  PublishKind,
  PublishStatus,
  TrashEntry,
  VersionDetail,
  VersionSummary,
} from '../../../shared/publishing.js'
import { api } from './api.js'

// The publishing calls of issue 22 as the back office uses them (the contract is in docs/api.md):
// what a record's publishing state looks like, and one function per call.

export type { NeedsUpdate, PublishKind, PublishStatus, VersionDetail, VersionSummary }
export type TrashItem = TrashEntry

/** What the admin reads add to a record (per language for a page text), with its draft. */
export type Publishing = Omit<PublishingFields, 'changedAt'> & {
  changedAt?: string
  draft?: Record<string, unknown> | null
}

/** A record that may carry its publishing state (absent from a server without issue 22). */
export type WithPublishing<T> = T & Partial<Publishing>

/** Which record, in which language, a publishing call is about. */
export interface PublishTarget {
  kind: PublishKind
  id: string
  /** Only for a page text: the language. */
  language?: string
}

export interface PreviewLink {
  url: string
  expiresAt: string
}

/** The record's publishing state, or null when the server does not send one. */
export function publishingOf(record: Partial<Publishing> | undefined | null): Publishing | null {
  if (!record || typeof record.publishStatus !== 'string') return null
  return {
    publishStatus: record.publishStatus,
    hasDraft: Boolean(record.hasDraft),
    publishAt: record.publishAt ?? null,
    unpublishAt: record.unpublishAt ?? null,
    version: record.version ?? 0,
    needsUpdate: record.needsUpdate ?? null,
    scheduleError: record.scheduleError ?? null,
    changedBy: record.changedBy ?? null,
    ...(record.changedAt ? { changedAt: record.changedAt } : {}),
    draft: record.draft ?? null,
  }
}

/** The record as the edit form should show it: its draft over its published fields. */
export function editable<T extends Partial<Publishing>>(record: T): T {
  return record.draft ? { ...record, ...(record.draft as Partial<T>) } : record
}

/** `/{kind}/{id}` and `?language=` for a page text. */
export function targetPath({ kind, id, language }: PublishTarget, ...rest: string[]) {
  const path = [kind, id, ...rest].map(encodeURIComponent).join('/')
  return language ? `/${path}?language=${encodeURIComponent(language)}` : `/${path}`
}

/** Adds a query parameter to a path that may have one already. */
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  )}`

/** When: now, or at this ISO time. */
const when = (at?: string) => (at ? { at } : {})

export const publishNow = <T>(target: PublishTarget, at?: string) =>
  api<T>(`/publish${targetPath(target)}`, { method: 'POST', json: when(at) })
export const unpublish = <T>(target: PublishTarget, at?: string) =>
  api<T>(`/unpublish${targetPath(target)}`, { method: 'POST', json: when(at) })
export const cancelSchedule = (target: PublishTarget) =>
  api<unknown>(`/schedule${targetPath(target)}`, { method: 'DELETE' })
export const createPreviewLink = (target: PublishTarget) =>
  api<PreviewLink>(`/preview-link${targetPath(target)}`, { method: 'POST', json: {} })
export const revokePreviewLinks = (target: PublishTarget) =>
  api<{ message?: string }>(`/preview-link${targetPath(target)}`, { method: 'DELETE' })
export const listVersions = (target: PublishTarget, limit: number, offset: number) =>
  api<VersionSummary[]>(withQuery(`/versions${targetPath(target)}`, { limit, offset }))
export const readVersion = (target: PublishTarget, versionId: string) =>
  api<VersionDetail>(`/version${targetPath(target, versionId)}`)
export const restoreVersion = <T>(target: PublishTarget, versionId: string) =>
  api<T>(`/restore-version${targetPath(target, versionId)}`, { method: 'POST', json: {} })
export const markUpToDate = <T>(target: PublishTarget) =>
  api<T>(`/mark-up-to-date${targetPath(target)}`, { method: 'POST', json: {} })
export const listTrash = () => api<TrashItem[]>('/trash')
export const restoreFromTrash = (item: Pick<TrashItem, 'kind' | 'id'>) =>
  api<unknown>(`/restore/${item.kind}/${encodeURIComponent(item.id)}`, { method: 'POST', json: {} })
export const purgeFromTrash = (item: Pick<TrashItem, 'kind' | 'id'>) =>
  api<unknown>(`/purge/${item.kind}/${encodeURIComponent(item.id)}`, { method: 'DELETE' })

/** The History screen of a record. */
export const historyPath = ({ kind, id, language }: PublishTarget) =>
  `/admin/history/${kind}/${encodeURIComponent(id)}${language ? `?language=${encodeURIComponent(language)}` : ''}`

/** The edit screen of a record. */
export const editPath = ({ kind, id, language }: PublishTarget) =>
  kind === 'translation-page'
    ? `/admin/update-translation/${encodeURIComponent(id)}${language ? `?lang=${encodeURIComponent(language)}` : ''}`
    : `/admin/update-${kind}/${encodeURIComponent(id)}`

// 'Scheduled for 26 Nov 2026, 09:00': the admin's own clock, the admin's style.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A moment as the back office writes it: '26 Nov 2026, 09:00'. */
export const formatWhen = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

/** The messages of the publishing actions, in the admin's style. */
export const PUBLISHING_MESSAGES = {
  draftSaved: 'Draft saved',
  published: 'Published',
  unpublished: 'Unpublished',
  scheduledPublish: (at: string) => `Scheduled for ${formatWhen(at)}`,
  scheduledUnpublish: (at: string) => `Unpublishing on ${formatWhen(at)}`,
  scheduleCancelled: 'Schedule cancelled',
  previewReady: 'Preview link ready',
  previewCopied: 'Link copied',
  previewRevoked: 'Preview links revoked',
  restoredVersion: 'Restored. It is now the draft.',
  upToDate: 'Marked as up to date',
  movedToTrash: 'Moved to the trash',
  restored: 'Restored',
  purged: 'Deleted permanently',
} as const
