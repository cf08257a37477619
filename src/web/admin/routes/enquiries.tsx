import { useState } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { plural } from '../../../shared/plural.js'
import { enquiryFilterSchema, type EnquiryFilter } from '../../../shared/schemas/enquiry.schema.js'
import { awaitsHandling } from '../../../shared/schemas/enquiry-workspace.schema.js'
import type { Enquiry, Language, Project } from '../../../shared/types.js'
import { EnquiryBoard } from '../components/enquiry/enquiry-board.js'
import { formatEuros, loadStages, loadTeam, stageLabel } from '../components/enquiry/team.js'
import { EnquiryFilters, filterQuery } from '../components/enquiry-filters.js'
import { deliveryText, formatDateTime, fullName, projectText } from '../components/enquiry-format.js'
import { LoadError, StatusMessage } from '../components/status-message.js'
import { load } from '../kit/load.js'
import type { Loaded } from '../kit/load.js'
import { ListScreen, ScreenHeading } from '../kit/list-screen.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { downloadFromApi } from '../lib/download.js'

/** The filter in the screen's address; a value the API would refuse is dropped. */
function filterOf(url: string): EnquiryFilter {
  const query = Object.fromEntries(new URL(url).searchParams)
  const parsed = enquiryFilterSchema.safeParse({
    project: query.project || undefined,
    language: query.language || undefined,
    status: query.status || undefined,
    stage: query.stage || undefined,
    ownerId: query.ownerId || undefined,
    followUp: query.followUp || undefined,
  })
  return parsed.success ? parsed.data : {}
}

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) => {
  const filter = filterOf(request.url)
  const view = new URL(request.url).searchParams.get('view') === 'board' ? 'board' : 'list'
  return load(async () => {
    const [enquiries, projects, languages, stages] = await Promise.all([
      api<Enquiry[]>(`/get-enquiries${filterQuery(filter)}`),
      api<Project[]>('/get-projects'),
      api<Language[]>('/get-languages'),
      loadStages(),
    ])
    return {
      enquiries: [...enquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      projects: projects.map(({ slug, title, language }) => ({ slug, title, language })),
      languages,
      stages,
      team: await loadTeam(enquiries),
      filter,
      view,
    }
  }, 'Failed to fetch enquiries')
}

/** Beyond the SPEC: the enquiries sent through the contact form, newest first. */
export default function Enquiries() {
  const screen = useLoaderData<typeof clientLoader>()
  // The board's moves change the stages in place; a new load (another filter) starts afresh.
  const [moved, setMoved] = useState<{ from: unknown; items: Enquiry[] } | null>(null)
  const download = useSubmit(() => ({ kind: 'error', message: 'Failed to download the CSV' }))
  const move = useSubmit(fixedMessage('Failed to update the enquiry'))
  const fresh = screen.data?.enquiries ?? []
  const current = moved && moved.from === screen.data ? moved.items : fresh
  const loaded: Loaded<Enquiry[]> = screen.error ? screen : { data: current, error: null }
  const items = loaded.data ?? []
  const filter = screen.data?.filter ?? {}
  const stages = screen.data?.stages ?? []
  const view = screen.data?.view ?? 'list'
  const filtered = Object.values(filter).some(Boolean)
  const open = items.filter(awaitsHandling).length

  async function moveTo(enquiry: Enquiry, stage: string) {
    let failed: unknown = null
    await move.run(async () => {
      try {
        const answer = await api<{ enquiry: Enquiry }>(`/update-enquiry/${enquiry._id}`, {
          method: 'PUT',
          json: { stage },
        })
        setMoved({ from: screen.data, items: items.map((e) => (e._id === enquiry._id ? answer.enquiry : e)) })
      } catch (error) {
        failed = error
        throw error
      }
    })
    if (failed) throw failed
  }

  const csv = (
    <button
      type="button"
      className="admin-button"
      onClick={() => download.run(() => downloadFromApi(`/enquiries.csv${filterQuery(filter)}`, 'enquiries.csv'))}
      disabled={download.busy || items.length === 0}
    >
      Download CSV
    </button>
  )
  const intro = (
    <>
      <StatusMessage status={download.status} />
      <ViewSwitch view={view} filter={filter} />
      {screen.data && (
        <EnquiryFilters
          filter={filter}
          projects={screen.data.projects}
          languages={screen.data.languages}
          stages={stages}
          team={screen.data.team}
          view={view}
        />
      )}
      {items.length > 0 && (
        <p className="admin-muted">
          {plural(items.length, 'enquiry', 'enquiries')}
          {filtered ? (items.length === 1 ? ' matches the filter' : ' match the filter') : ''}, {open} not handled yet.
        </p>
      )}
      <StatusMessage status={move.status} />
    </>
  )

  if (view === 'board') {
    return (
      <>
        <ScreenHeading title="Enquiries" actions={csv} />
        {intro}
        {loaded.error && <LoadError {...loaded.error} />}
        {!loaded.error && items.length === 0 && <p>No enquiries yet.</p>}
        {items.length > 0 && <EnquiryBoard enquiries={items} stages={stages} onMove={moveTo} />}
      </>
    )
  }

  return (
    <ListScreen
      title="Enquiries"
      caption="Enquiries, newest first"
      loaded={loaded}
      action={csv}
      intro={intro}
      rowClassName={(enquiry) => (awaitsHandling(enquiry) ? 'admin-row--open' : undefined)}
      columns={[
        {
          header: 'Received',
          cell: (enquiry) => <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>,
        },
        {
          header: 'Name',
          rowHeader: true,
          cell: (enquiry) => <Link to={`/admin/enquiry/${enquiry._id}`}>{fullName(enquiry)}</Link>,
        },
        { header: 'E-mail', className: 'admin-break', cell: (enquiry) => enquiry.email },
        { header: 'Stage', cell: (enquiry) => stageLabel(stages, enquiry.stage) },
        { header: 'Owner', cell: (enquiry) => enquiry.ownerName ?? <span className="admin-muted">nobody</span> },
        {
          header: 'Value',
          cell: (enquiry) =>
            enquiry.value === null ? <span className="admin-muted">—</span> : formatEuros(enquiry.value),
        },
        { header: 'Services', cell: (enquiry) => enquiry.services || <span className="admin-muted">none</span> },
        { header: 'Project', cell: (enquiry) => projectText(enquiry) ?? <span className="admin-muted">none</span> },
        { header: 'Language', cell: (enquiry) => enquiry.language ?? <span className="admin-muted">—</span> },
        { header: 'Delivery', cell: (enquiry) => deliveryText(enquiry) },
        { header: 'Handled', cell: (enquiry) => (enquiry.handledAt ? 'yes' : 'no') },
      ]}
    />
  )
}

/** List or Board, keeping the filter. */
function ViewSwitch({ view, filter }: { view: string; filter: EnquiryFilter }) {
  const query = filterQuery(filter)
  const board = query ? `${query}&view=board` : '?view=board'
  return (
    <nav className="enquiry-views" aria-label="View">
      <Link to={query || '?'} aria-current={view === 'list' ? 'page' : undefined}>
        List
      </Link>
      <Link to={board} aria-current={view === 'board' ? 'page' : undefined}>
        Board
      </Link>
    </nav>
  )
}
