import { and, eq, inArray } from 'drizzle-orm'
import type { NeedsUpdate, PublishingFields, PublishStatus } from '../../../shared/publishing.js'
import type { Executor } from '../../db/client.js'
import { type ContentKind, publishSchedules } from '../../db/schema.js'
import { type ContentRow, fingerprint, type RecordKind, translatedText } from './record-kinds.js'

export interface PendingTimes {
  publishAt: Date | null
  unpublishAt: Date | null
}

const scheduleKey = (recordId: string, language: string) => `${recordId}/${language}`

/** The pending schedules of some records (one query), by record id and language ('' for a record). */
export async function pendingSchedules(
  db: Executor,
  kind: ContentKind,
  recordIds: string[],
): Promise<(recordId: string, language?: string) => PendingTimes> {
  const rows = recordIds.length
    ? await db
        .select({
          recordId: publishSchedules.recordId,
          language: publishSchedules.language,
          action: publishSchedules.action,
          runAt: publishSchedules.runAt,
        })
        .from(publishSchedules)
        .where(
          and(
            eq(publishSchedules.kind, kind),
            inArray(publishSchedules.recordId, [...new Set(recordIds)]),
            eq(publishSchedules.status, 'pending'),
          ),
        )
    : []
  const times = new Map<string, PendingTimes>()
  for (const row of rows) {
    const key = scheduleKey(row.recordId, row.language)
    const entry = times.get(key) ?? { publishAt: null, unpublishAt: null }
    const field = row.action === 'publish' ? 'publishAt' : 'unpublishAt'
    // The earliest of each, should two be pending.
    if (!entry[field] || row.runAt < entry[field]) entry[field] = row.runAt
    times.set(key, entry)
  }
  return (recordId, language = '') =>
    times.get(scheduleKey(recordId, language)) ?? { publishAt: null, unpublishAt: null }
}

/** The status the back office shows for one language of a record. */
export function statusOf(state: 'published' | 'draft' | 'unpublished', times: PendingTimes): PublishStatus {
  if (state === 'published') return 'published'
  if (times.publishAt) return 'scheduled'
  return state
}

/** What changed in the original's translated fields since a translation was last saved. */
export function needsUpdateOf(kind: RecordKind, row: ContentRow, original: ContentRow | undefined): NeedsUpdate | null {
  if (!row.parentId || !original || !row.sourceText) return null
  const now = translatedText(kind, original)
  const then = row.sourceText
  if ((row.sourceFingerprint ?? fingerprint(then)) === fingerprint(now)) return null
  const fields = kind.translated.filter((key) => (then[key] ?? '') !== (now[key] ?? ''))
  if (fields.length === 0) return null
  return {
    fields,
    before: Object.fromEntries(fields.map((key) => [key, then[key] ?? ''])),
    after: Object.fromEntries(fields.map((key) => [key, now[key] ?? ''])),
  }
}

/** The publishing fields admin reads add to a project or review (publishing contract). */
export function publishingFields(
  kind: RecordKind,
  row: ContentRow,
  group: ContentRow[],
  times: PendingTimes,
): PublishingFields {
  const original = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  return {
    publishStatus: statusOf(row.publishState, times),
    hasDraft: row.draft !== null,
    publishAt: times.publishAt?.toISOString() ?? null,
    unpublishAt: times.unpublishAt?.toISOString() ?? null,
    version: row.version,
    needsUpdate: needsUpdateOf(kind, row, original),
    scheduleError: row.scheduleError,
    changedBy: row.changedBy,
    changedAt: row.changedAt.toISOString(),
  }
}
