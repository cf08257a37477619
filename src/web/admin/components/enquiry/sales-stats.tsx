import type { ReactNode } from 'react'
import type { StatsReport } from '../../../../shared/stats.js'
import { formatNumber, sourceName } from '../stats-tables.js'
import { formatEuros } from './team.js'
import { type NumberColumn, NumberTable, TableCard } from '../number-table.js'
import { TableRegion } from '../../kit/list-screen.js'

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
    <div className="stats-grid stats-grid--wide">
      <section className="admin-card" aria-labelledby="response-heading">
        <h2 id="response-heading">First response</h2>
        <p>
          Median time to first response: <strong>{formatMinutes(response.medianMinutes)}</strong>{' '}
          <span className="admin-muted">({formatNumber(response.answered)} answered)</span>
        </p>
        {response.owners.length > 0 && (
          <TableRegion scroll labelledBy="response-owners">
            <NumberTable
              caption="Median first response per owner"
              captionId="response-owners"
              rows={response.owners}
              name="Owner"
              rowHeader={(o) => (o.ownerId ? o.name : 'Nobody')}
              keyOf={(o) => o.ownerId ?? 'none'}
              columns={[
                { heading: 'Enquiries', value: (o) => formatNumber(o.enquiries) },
                { heading: 'Answered', value: (o) => formatNumber(o.answered) },
                { heading: 'Median', value: (o) => formatMinutes(o.medianMinutes) },
              ]}
            />
          </TableRegion>
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

const FUNNEL_COLUMNS: NumberColumn<FunnelRow>[] = [
  { heading: 'Visits', value: (r) => formatNumber(r.views) },
  { heading: 'Enquiries', value: (r) => formatNumber(r.enquiries) },
  { heading: 'Won', value: (r) => formatNumber(r.won) },
  { heading: 'Won value', value: (r) => formatEuros(r.wonValue) },
]

function FunnelTable({ id, heading, name, rows }: { id: string; heading: string; name: string; rows: FunnelRow[] }) {
  const shown = rows.filter((r) => r.enquiries > 0 || r.won > 0).slice(0, 10)
  return (
    <TableCard id={id} heading={heading} empty={shown.length === 0 && 'No enquiries in this range.'}>
      <NumberTable
        rows={shown}
        name={name}
        rowHeader={(r) => r.label}
        nameClass="stats-name"
        keyOf={(r) => r.key}
        columns={FUNNEL_COLUMNS}
      />
    </TableCard>
  )
}
