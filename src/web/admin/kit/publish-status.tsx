import type { Language } from '../../../shared/types.js'
import { formatWhen, publishingOf, type Publishing, type PublishStatus } from '../lib/publishing.js'

const LABELS: Record<PublishStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  scheduled: 'Scheduled',
  unpublished: 'Unpublished',
}

/** What a badge says about a record in words, for its title and for screen readers. */
export function statusText(state: Publishing): string {
  const parts: string[] = [LABELS[state.publishStatus]]
  if (state.publishStatus === 'published' && state.hasDraft) parts.push('with draft changes')
  if (state.publishAt) parts.push(`publishes ${formatWhen(state.publishAt)}`)
  if (state.unpublishAt) parts.push(`unpublishes ${formatWhen(state.unpublishAt)}`)
  return parts.join(', ')
}

/**
 * One record's status in one language: Published, Draft, Scheduled or Unpublished; a published
 * record with a draft beside it says so. Nothing when the server sends no status.
 */
export function StatusBadge({ record, language }: { record: Partial<Publishing> | undefined; language?: string }) {
  const state = publishingOf(record)
  if (!state) return null
  const edited = state.publishStatus === 'published' && state.hasDraft
  return (
    <span
      className={`admin-state admin-state--${state.publishStatus}${edited ? ' admin-state--edited' : ''}`}
      title={statusText(state)}
    >
      {language && <span className="admin-state__lang">{language}</span>}
      {LABELS[state.publishStatus]}
      {edited && <span className="admin-state__more"> + draft</span>}
      {(state.publishAt || state.unpublishAt) && <span className="visually-hidden">, {statusText(state)}</span>}
    </span>
  )
}

/** The members of a translation group, one badge each, in the order of the site's languages. */
export function StatusBadges({
  members,
  languages,
}: {
  members: (Partial<Publishing> & { _id: string; language: string })[]
  languages?: Language[]
}) {
  const order = (code: string) => {
    const index = languages?.findIndex((l) => l.code === code) ?? -1
    return index === -1 ? Number.MAX_SAFE_INTEGER : index
  }
  const shown = members.filter((m) => publishingOf(m)).sort((a, b) => order(a.language) - order(b.language))
  if (shown.length === 0) return null
  return (
    <ul className="admin-states" aria-label="Status per language">
      {shown.map((member) => (
        <li key={member._id}>
          <StatusBadge record={member} language={member.language} />
        </li>
      ))}
    </ul>
  )
}

/**
 * Who last changed a record, or the latest change in a group, and when (issue 23): 'ana, 3 Nov
 * 2026, 10:04'. Nothing when the server sends no change.
 */
export function LastChanged({ records }: { records: Partial<Publishing>[] }) {
  const latest = records
    .filter((record): record is Partial<Publishing> & { changedAt: string } => Boolean(record.changedAt))
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt))[0]
  if (!latest) return null
  return (
    <span className="admin-last-changed">
      {latest.changedBy ?? 'Someone'}, <time dateTime={latest.changedAt}>{formatWhen(latest.changedAt)}</time>
    </span>
  )
}
