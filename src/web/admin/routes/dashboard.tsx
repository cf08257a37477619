import { useState } from 'react'
import { Form, Link, type ClientLoaderFunctionArgs, useLoaderData } from 'react-router'
import type { AttentionItem, StatsReport } from '../../../shared/stats.js'
import type { Project } from '../../../shared/types.js'
import { MESSAGES } from '../../../shared/messages.js'
import { LoadError } from '../components/status-message.js'
import { chosenRange, RANGE_PRESETS } from '../components/stats-range.js'
import {
  AttentionList,
  FiguresTable,
  formatNumber,
  formatRate,
  sourceName,
  TopTable,
} from '../components/stats-tables.js'
import { SalesStats } from '../components/enquiry/sales-stats.js'
import { VisitsChart } from '../components/visits-chart.js'
import { load, loadOriginals } from '../kit/load.js'
import { api } from '../lib/api.js'
import { downloadFromApi } from '../lib/download.js'
import { readMe, useMe } from '../lib/me.js'
import { MachineUsage } from '../components/workbench/machine-usage.js'
import { readMachineStatus } from '../components/workbench/machine-api.js'

const rangeQuery = ({ from, to }: { from: string; to: string }) => `?from=${from}&to=${to}`

export const clientLoader = async ({ request }: ClientLoaderFunctionArgs) => {
  const range = chosenRange(new URL(request.url).searchParams)
  const [projects, attention, stats, machine] = await Promise.all([
    loadOriginals<Project>('/get-projects', MESSAGES.fetchProjects),
    load(() => api<AttentionItem[]>('/attention'), 'Failed to fetch what needs attention'),
    load(async () => {
      // Visits are for those who may read them: a translator's dashboard does not ask (a 403).
      const me = await readMe()
      if (me && !me.permissions.stats) return null
      const [current, previous] = await Promise.all([
        api<StatsReport>(`/stats${rangeQuery(range)}`),
        api<StatsReport>(`/stats${rangeQuery(range.previous)}`),
      ])
      return { current, previous }
    }, 'Failed to fetch the visits'),
    // The month's machine translation (issue 40): shown when the server has it.
    readMachineStatus().catch(() => null),
  ])
  return { range, projects, attention, stats, machine }
}

type DashboardData = Awaited<ReturnType<typeof clientLoader>>

/** "+12% on the period before", or nothing to compare with. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'as in the period before' : 'none in the period before'
  const percent = Math.round(((now - before) / before) * 100)
  return `${percent > 0 ? '+' : ''}${percent}% on the period before`
}

function RangePicker({ range }: { range: DashboardData['range'] }) {
  return (
    <div className="stats-range">
      <nav aria-label="Range">
        <ul>
          {RANGE_PRESETS.map((preset) => (
            <li key={preset.id}>
              <Link to={`?range=${preset.id}`} aria-current={range.preset === preset.id ? 'page' : undefined}>
                {preset.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="stats-custom" aria-label="Custom range">
        <label>
          From <input type="date" name="from" defaultValue={range.from} required />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={range.to} required />
        </label>
        <button type="submit" className="admin-button">
          Show
        </button>
      </Form>
      {range.problem && (
        <p role="alert" className="admin-error">
          {range.problem}; showing the last 30 days.
        </p>
      )}
    </div>
  )
}

function Visits({
  range,
  current,
  previous,
}: { range: DashboardData['range'] } & { current: StatsReport; previous: StatsReport }) {
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const totals = current.totals
  return (
    <>
      <section className="admin-card" aria-labelledby="visits-heading">
        <h2 id="visits-heading">
          Visits and enquiries{' '}
          <span className="admin-muted stats-dates">
            {current.from} – {current.to}
          </span>
        </h2>
        <dl className="stats-totals">
          {(['views', 'enquiries'] as const).map((figure) => (
            <div key={figure}>
              <dt>{figure === 'views' ? 'Views' : 'Enquiries'}</dt>
              <dd>
                {formatNumber(totals[figure])} <small>{change(totals[figure], previous.totals[figure])}</small>
              </dd>
            </div>
          ))}
          <div>
            <dt>Enquiries per 100 views</dt>
            <dd>{formatRate(totals.rate)}</dd>
          </div>
        </dl>
        <VisitsChart current={current.days} previous={previous.days} />
        <FiguresTable report={current} caption={`Views and enquiries, ${current.from} to ${current.to}`} />
        <p className="cluster stats-actions">
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() =>
              downloadFromApi(`/stats.csv${rangeQuery(range)}`, 'stats.csv').then(
                () => setDownloadError(null),
                (error: Error) => setDownloadError(error.message),
              )
            }
          >
            Download CSV
          </button>
          {downloadError && (
            <span role="alert" className="admin-error">
              {downloadError}
            </span>
          )}
        </p>
      </section>
      <div className="stats-grid">
        <TopTable
          id="top-projects"
          heading="Top projects"
          name="Project"
          rows={current.projects}
          keyOf={(r) => r.project}
          cell={(r) => <Link to={`/admin/project/${r.project}`}>{r.title}</Link>}
        />
        <TopTable
          id="top-pages"
          heading="Top pages"
          name="Page"
          rows={current.pages}
          keyOf={(r) => `${r.path} ${r.language}`}
          cell={(r) => (
            <>
              {r.path} <span className="admin-muted">({r.language})</span>
            </>
          )}
        />
        <TopTable
          id="top-languages"
          heading="Languages"
          name="Language"
          rows={current.languages}
          keyOf={(r) => r.language}
          cell={(r) => r.language || 'unknown'}
        />
        <TopTable
          id="top-sources"
          heading="Sources"
          name="Source"
          rows={current.sources}
          keyOf={(r) => `${r.source} ${r.medium} ${r.campaign}`}
          cell={sourceName}
        />
      </div>
      {current.response && <SalesStats report={current} />}
    </>
  )
}

/**
 * SPEC 2's card (the project count and the titles of the original projects), with what needs
 * attention and how the site is doing (issue 25).
 */
export default function Dashboard() {
  const { range, projects, attention, stats, machine } = useLoaderData<typeof clientLoader>()
  // Visits are for owners and editors; a translator sees what waits in their languages, and the projects.
  const me = useMe()
  const mayReadStats = me?.permissions.stats ?? false
  const originals = projects.data
  return (
    <>
      <h1>Dashboard</h1>
      {me && (attention.error ? <LoadError {...attention.error} /> : <AttentionList items={attention.data} />)}
      {mayReadStats && (
        <>
          {machine && <MachineUsage machine={machine} />}
          <RangePicker range={range} />
          {stats.error ? <LoadError {...stats.error} /> : stats.data && <Visits range={range} {...stats.data} />}
        </>
      )}
      {projects.error && <LoadError {...projects.error} />}
      {originals && (
        <section className="admin-card" aria-labelledby="projects-count">
          <h2 id="projects-count">
            Projects <span className="admin-count">{originals.length}</span>
          </h2>
          <ul className="admin-list">
            {originals.map((project) => (
              <li key={project._id}>
                <Link to={`/admin/project/${project._id}`}>{project.title}</Link>
                {project.brandDirection && <span className="admin-muted"> — {project.brandDirection}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
