import { ColumnHeads } from '../kit/column-heads.js'
import { useState } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import type { Project, Review } from '../../../shared/types.js'
import { type EditedPage } from '../components/page-text-state.js'
import { VersionComparison } from '../components/version-comparison.js'
import { RecordScreen } from '../kit/detail-screen.js'
import { ScreenHeading, TableRegion } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { api } from '../lib/api.js'
import { fieldLabel } from '../lib/field-labels.js'
import { formatWhen, listVersions, editPath, type PublishTarget, type WithPublishing } from '../lib/publishing.js'

/** Versions per page of the history. */
const PAGE_SIZE = 20

const KINDS = ['project', 'review', 'translation-page'] as const

/** The record as it is now, to compare versions with: its draft when it has one. */
interface Current {
  title: string
  fields: Record<string, unknown>
}

async function readCurrent(target: PublishTarget): Promise<Current> {
  if (target.kind === 'translation-page') {
    const page = await api<EditedPage>(`/get-translation/${encodeURIComponent(target.id)}`)
    const language = target.language ?? ''
    const draft = page.publishing?.[language]?.draft as Record<string, unknown> | null | undefined
    return { title: `${page.page} (${language})`, fields: draft ?? page.translations[0]?.[language] ?? {} }
  }
  const record = await api<WithPublishing<Project | Review>>(`/get-${target.kind}/${encodeURIComponent(target.id)}`)
  return { title: record.title, fields: { ...record, ...(record.draft ?? {}) } }
}

export const clientLoader = ({ params, request }: ClientLoaderFunctionArgs) =>
  load(async () => {
    const kind = KINDS.find((k) => k === params.kind)
    if (!kind) throw new Error(`No history for “${params.kind}”`)
    const query = new URL(request.url).searchParams
    const language = query.get('language')
    const target: PublishTarget = { kind, id: params.id ?? '', ...(language ? { language } : {}) }
    const page = Math.max(1, Number(query.get('page')) || 1)
    // One more than a page tells whether there is an older page.
    const [versions, current] = await Promise.all([
      listVersions(target, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE),
      readCurrent(target),
    ])
    return { target, page, versions: versions.slice(0, PAGE_SIZE), older: versions.length > PAGE_SIZE, current }
  }, 'Failed to fetch the history')

const STATES = { draft: 'Draft saved', published: 'Published', unpublished: 'Unpublished', restored: 'Restored' }

/**
 * Issue 22: a record's versions, newest first and paged, who made each and when; any version
 * beside the current one field by field, and 'Restore this version' to make it the draft.
 */
export default function History() {
  const loaded = useLoaderData<typeof clientLoader>()
  const list =
    loaded.data?.target.kind === 'review'
      ? 'reviews'
      : loaded.data?.target.kind === 'translation-page'
        ? 'translations'
        : 'projects'
  return (
    <RecordScreen loaded={loaded} title="History" list={list}>
      {(data) => <HistoryView key={`${data.target.id}-${data.page}`} {...data} />}
    </RecordScreen>
  )
}

type ViewProps = NonNullable<Awaited<ReturnType<typeof clientLoader>>['data']>

function HistoryView({ target, page, versions, older, current }: ViewProps) {
  const [selected, setSelected] = useState<string | null>(null)
  const pageLink = (to: number) => {
    const query = new URLSearchParams(target.language ? { language: target.language } : {})
    if (to > 1) query.set('page', String(to))
    const text = query.toString()
    return `?${text}`
  }
  return (
    <>
      <ScreenHeading title="History" about={{ text: current.title, to: editPath(target) }} />
      {versions.length === 0 ? (
        <p>No versions yet.</p>
      ) : (
        // On a phone each version is a card (the stacked table), its Compare button in reach.
        <TableRegion scroll={false} labelledBy="history-caption">
          <table className="admin-table admin-table--stack admin-history">
            <caption id="history-caption" className="visually-hidden">
              Versions of {current.title}, newest first
            </caption>
            <ColumnHeads names={['Version', 'What', 'When', 'Who', 'Changed', 'Actions']} />
            <tbody>
              {versions.map((version) => (
                <tr key={version.id} className={selected === version.id ? 'admin-row--open' : undefined}>
                  <th scope="row" id={`version-${version.id}`} data-label="Version">
                    {version.number}
                  </th>
                  <td data-label="What">{STATES[version.state] ?? version.state}</td>
                  <td data-label="When">{formatWhen(version.createdAt)}</td>
                  <td data-label="Who">{version.changedBy ?? 'the server'}</td>
                  <td data-label="Changed" className="admin-history__fields">
                    {version.fields.length > 0 ? version.fields.map(fieldLabel).join(', ') : '—'}
                  </td>
                  <td data-label="Actions">
                    <button
                      type="button"
                      className="admin-button admin-button--quiet admin-button--small"
                      aria-describedby={`version-${version.id}`}
                      aria-pressed={selected === version.id}
                      onClick={() => setSelected(version.id)}
                    >
                      Compare
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {(page > 1 || older) && (
        <nav className="admin-actions admin-pager" aria-label="History pages">
          {page > 1 && <Link to={pageLink(page - 1)}>Newer versions</Link>}
          <span className="admin-muted">Page {page}</span>
          {older && <Link to={pageLink(page + 1)}>Older versions</Link>}
        </nav>
      )}
      {selected && <VersionComparison key={selected} target={target} versionId={selected} current={current.fields} />}
    </>
  )
}
