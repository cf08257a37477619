import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { NumberTable, TableCard } from './number-table.js'
import type { AttentionItem, Rate, StatsFigures, StatsReport } from '../../../shared/stats.js'

const number = new Intl.NumberFormat('en-GB')
export const formatNumber = (n: number) => number.format(n)
export const formatRate = (rate: Rate) => (rate === null ? '—' : `${rate.toFixed(2)}`)

interface TopTableProps<R extends StatsFigures> {
  id: string
  heading: string
  rows: R[]
  /** The first column's header and cell. */
  name: string
  cell: (row: R) => ReactNode
  keyOf: (row: R) => string
  /** How many rows to show. */
  limit?: number
}

/** A top list: name, views with a bar as long as its share of the first row, enquiries, rate. */
export function TopTable<R extends StatsFigures>({
  id,
  heading,
  rows,
  name,
  cell,
  keyOf,
  limit = 10,
}: TopTableProps<R>) {
  const shown = rows.slice(0, limit)
  const most = Math.max(1, ...shown.map((r) => r.views))
  return (
    <TableCard id={id} heading={heading} empty={shown.length === 0 && 'No views in this range.'}>
      <NumberTable
        rows={shown}
        name={name}
        nameClass="stats-name"
        keyOf={keyOf}
        rowHeader={(row) => (
          <>
            {cell(row)}
            <span className="stats-bar" style={{ width: `${(row.views / most) * 100}%` }} aria-hidden="true" />
          </>
        )}
        columns={[
          { heading: 'Views', value: (row) => formatNumber(row.views) },
          { heading: 'Enquiries', value: (row) => formatNumber(row.enquiries) },
          { heading: <abbr title="Enquiries per 100 views">Rate</abbr>, value: (row) => formatRate(row.rate) },
        ]}
      />
    </TableCard>
  )
}

/** What a source is called on the dashboard. */
export function sourceName(row: StatsReport['sources'][number]): string {
  if (row.source === '') return 'Direct (no referrer)'
  if (row.source === '(internal)') return 'Within the site'
  if (row.source === 'other') return 'Other sites'
  return [row.source, row.medium, row.campaign].filter(Boolean).join(' / ')
}

/** The chart's figures as a table: by day for up to two months, by month for longer ranges. */
export function FiguresTable({ report, caption }: { report: StatsReport; caption: string }) {
  const byMonth = report.days.length > 62
  const rows = new Map<string, { views: number; enquiries: number }>()
  for (const day of report.days) {
    const key = byMonth ? day.date.slice(0, 7) : day.date
    const row = rows.get(key) ?? rows.set(key, { views: 0, enquiries: 0 }).get(key)!
    row.views += day.views
    row.enquiries += day.enquiries
  }
  return (
    // In a hidden box: a table sizes itself to its content, so hidden itself it still widened the page.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{byMonth ? 'Month' : 'Date'}</th>
            <th scope="col">Views</th>
            <th scope="col">Enquiries</th>
          </tr>
        </thead>
        <tbody>
          {[...rows].map(([key, row]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>{row.views}</td>
              <td>{row.enquiries}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** "Needs attention": one link per thing waiting, to where it is fixed. */
export function AttentionList({ items }: { items: AttentionItem[] }) {
  return (
    <section className="admin-card stats-attention" aria-labelledby="needs-attention">
      <h2 id="needs-attention">Needs attention</h2>
      {items.length === 0 ? (
        <p className="admin-muted">Nothing needs attention.</p>
      ) : (
        <ul className="admin-list">
          {items.map((item, index) => (
            // A kind can have several lines (one per finished translation job): the index tells them apart.
            <li key={`${item.kind}-${index}`} data-kind={item.kind}>
              <Link to={item.href}>{item.label}</Link>
              {item.links && item.links.length > 0 && (
                <ul className="stats-attention__links">
                  {item.links.map((link) => (
                    <li key={link.href}>
                      <Link to={link.href}>Translate side by side: {link.label}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
