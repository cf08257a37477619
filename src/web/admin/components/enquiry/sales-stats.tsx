import type { ReactNode } from 'react'
import type { StatsReport } from '../../../../shared/stats.js'
import { formatNumber, sourceName } from '../stats-tables.js'
import { formatEuros } from './team.js'

/** "2 h 5 min", "3 days 4 h": a median response time as a person reads it. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return 'none answered yet'
  const m = Math.round(minutes)
  if (m < 60) return `${m} min`
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${m % 60} min`
  const days = Math.floor(m / 1440)
  return `${days} ${days === 1 ? 'day' : 'days'} ${Math.floor((m % 1440) / 60)} h`
}

/** First response and the funnel to the sale (issue 42): what the range's enquiries became. */
export function SalesStats({ report }: { report: StatsReport }) {
  const { response } = report
  return (
    <div className="stats-grid">
      <section className="admin-card" aria-labelledby="response-heading">
        <h2 id="response-heading">First response</h2>
        <p>
          Median time to first response: <strong>{formatMinutes(response.medianMinutes)}</strong>{' '}
          <span className="admin-muted">({formatNumber(response.answered)} answered)</span>
        </p>
        {response.owners.length > 0 && (
          <table className="stats-table">
            <caption className="visually-hidden">Median first response per owner</caption>
            <thead>
              <tr>
                <th scope="col">Owner</th>
                <th scope="col" className="stats-num">
                  Enquiries
                </th>
                <th scope="col" className="stats-num">
                  Answered
                </th>
                <th scope="col" className="stats-num">
                  Median
                </th>
              </tr>
            </thead>
            <tbody>
              {response.owners.map((o) => (
                <tr key={o.ownerId ?? 'none'}>
                  <th scope="row">{o.ownerId ? o.name : 'Nobody'}</th>
                  <td className="stats-num">{formatNumber(o.enquiries)}</td>
                  <td className="stats-num">{formatNumber(o.answered)}</td>
                  <td className="stats-num">{formatMinutes(o.medianMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <FunnelTable
        id="funnel-sources"
        heading="To the sale, by source and campaign"
        name="Source"
        rows={report.sources.map((r) => ({ ...r, key: `${r.source} ${r.medium} ${r.campaign}`, label: sourceName(r) }))}
      />
      <FunnelTable
        id="funnel-projects"
        heading="To the sale, by landing project"
        name="Project"
        rows={report.projects.map((r) => ({ ...r, key: r.project, label: r.title }))}
      />
    </div>
  )
}

interface FunnelRow {
  key: string
  label: ReactNode
  views: number
  enquiries: number
  won: number
  wonValue: number
}

function FunnelTable({ id, heading, name, rows }: { id: string; heading: string; name: string; rows: FunnelRow[] }) {
  const shown = rows.filter((r) => r.enquiries > 0 || r.won > 0).slice(0, 10)
  return (
    <section className="admin-card stats-top" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {shown.length === 0 ? (
        <p className="admin-muted">No enquiries in this range.</p>
      ) : (
        <table className="stats-table">
          <thead>
            <tr>
              <th scope="col">{name}</th>
              <th scope="col" className="stats-num">
                Visits
              </th>
              <th scope="col" className="stats-num">
                Enquiries
              </th>
              <th scope="col" className="stats-num">
                Won
              </th>
              <th scope="col" className="stats-num">
                Won value
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="stats-name">
                  {r.label}
                </th>
                <td className="stats-num">{formatNumber(r.views)}</td>
                <td className="stats-num">{formatNumber(r.enquiries)}</td>
                <td className="stats-num">{formatNumber(r.won)}</td>
                <td className="stats-num">{formatEuros(r.wonValue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
