import { useState } from 'react'
import { LanguageOptions, Options } from '../kit/options.js'
import { Form, Link, useLoaderData, useNavigation, type ClientLoaderFunctionArgs } from 'react-router'
import type { AuditEntrySummary } from '../../../shared/types.js'
import { auditSentence, changeLines } from '../components/audit-sentence.js'
import { LoadError, StatusMessage, type Status } from '../components/status-message.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { load, loadLanguages } from '../kit/load.js'
import { api } from '../lib/api.js'
import { getToken, signOutLocally } from '../lib/auth.js'
import '../team-screens.css'

const PAGE = 50
const FILTERS = ['person', 'kind', 'record', 'language', 'from', 'to'] as const
const KINDS = [
  'project',
  'review',
  'translation-page',
  'language',
  'enquiry',
  'user',
  'invitation',
  'settings',
  'session',
]

interface AuditPage {
  entries: AuditEntrySummary[]
  hasMore: boolean
  offset: number
}

/** The filters of the address (?person=&kind=…&offset=), passed on to GET /audit-log as they are. */
function queryOf(url: URL, extra: Record<string, string> = {}) {
  const query = new URLSearchParams()
  for (const name of [...FILTERS, 'offset']) {
    const value = url.searchParams.get(name)
    if (value) query.set(name, value)
  }
  for (const [name, value] of Object.entries(extra)) query.set(name, value)
  return query
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url)
  const query = queryOf(url, { limit: String(PAGE) })
  const [page, { languages }] = await Promise.all([
    load(() => api<AuditPage>(`/audit-log?${query}`), 'Failed to fetch the audit log'),
    loadLanguages(),
  ])
  return {
    page,
    languages,
    filters: Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? ''])),
  }
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** Owners: who did what, newest first, as sentences with the changed fields; filters and a CSV export. */
export default function AuditLog() {
  const { page, languages, filters } = useLoaderData<typeof clientLoader>()
  const navigation = useNavigation()
  const [status, setStatus] = useState<Status | null>(null)
  const offset = page.data?.offset ?? 0
  const pageLink = (to: number) => `?${queryOf(new URL(window.location.href), { offset: String(Math.max(0, to)) })}`

  async function exportCsv() {
    setStatus(null)
    const query = queryOf(new URL(window.location.href), { format: 'csv' })
    query.delete('offset')
    const response = await fetch(`/api/admin/audit-log?${query}`, {
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
    })
    if (response.status === 401) return signOutLocally()
    if (!response.ok) return setStatus({ kind: 'error', message: 'Failed to download the CSV' })
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  return (
    <>
      <ScreenHeading
        title="Audit log"
        subtitle="Every change, sign-in and export, newest first."
        actions={
          <button type="button" className="admin-button admin-button--quiet" onClick={() => void exportCsv()}>
            Export CSV
          </button>
        }
      />
      <StatusMessage status={status} />
      <Form method="get" className="admin-card admin-form audit-filters" aria-label="Filter the audit log">
        <label>
          Person
          <input name="person" defaultValue={filters.person} placeholder="user name" />
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={filters.kind}>
            <option value="">Any</option>
            <Options items={KINDS} value={(kind) => kind} label={(kind) => kind} />
          </select>
        </label>
        <label>
          Record
          <input name="record" defaultValue={filters.record} placeholder="name or id" />
        </label>
        <label>
          Language
          <select name="language" defaultValue={filters.language}>
            <option value="">Any</option>
            <LanguageOptions languages={languages} />
          </select>
        </label>
        <label>
          From
          <input name="from" type="date" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input name="to" type="date" defaultValue={filters.to} />
        </label>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={navigation.state === 'loading'}>
            Filter
          </button>
          <Link to="/admin/audit-log" className="admin-button admin-button--quiet">
            Clear
          </Link>
        </div>
      </Form>
      {page.error && <LoadError {...page.error} />}
      {page.data?.entries.length === 0 && <p>Nothing recorded for these filters.</p>}
      <ol className="audit-timeline">
        {page.data?.entries.map((entry) => (
          <li key={entry._id} className="audit-entry">
            <p className="audit-entry__sentence">{auditSentence(entry, languages)}</p>
            <p className="admin-muted audit-entry__meta">
              <time dateTime={entry.at}>{when(entry.at)}</time>
              {entry.ip && ` · from ${entry.ip}`}
            </p>
            {changeLines(entry).length > 0 && (
              <ul className="audit-entry__changes">
                {changeLines(entry).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {page.data && (offset > 0 || page.data.hasMore) && (
        <nav className="admin-actions" aria-label="Pages of the audit log">
          {offset > 0 && (
            <Link className="admin-button admin-button--quiet" to={pageLink(offset - PAGE)}>
              Newer
            </Link>
          )}
          {page.data.hasMore && (
            <Link className="admin-button admin-button--quiet" to={pageLink(offset + PAGE)}>
              Older
            </Link>
          )}
        </nav>
      )}
    </>
  )
}
