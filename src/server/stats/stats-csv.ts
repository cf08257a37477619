import type { StatsReport } from '../../shared/stats.js'
import { csvDocument } from '../services/csv.js'

const COLUMNS = [
  'Table',
  'Date',
  'Path',
  'Language',
  'Project',
  'Source',
  'Medium',
  'Campaign',
  'Views',
  'Enquiries',
  'Enquiries per 100 views',
  'Won',
  'Won value (EUR)',
  'Owner',
  'Answered',
  'Median minutes to first response',
]

/**
 * The range as one sheet (RFC 4180, BOM, formulas defused like the enquiries' export): a row per
 * day, then the pages, sources, languages and projects, each named in the first column.
 */
export function statsToCsv(report: StatsReport): string {
  const lines: unknown[][] = [COLUMNS]
  for (const d of report.days) lines.push(['day', d.date, '', '', '', '', '', '', d.views, d.enquiries, ''])
  for (const p of report.pages)
    lines.push(['page', '', p.path, p.language, p.project, '', '', '', p.views, p.enquiries, p.rate])
  for (const s of report.sources)
    lines.push([
      'source',
      '',
      '',
      '',
      '',
      s.source,
      s.medium,
      s.campaign,
      s.views,
      s.enquiries,
      s.rate,
      s.won,
      s.wonValue,
    ])
  for (const l of report.languages)
    lines.push(['language', '', '', l.language, '', '', '', '', l.views, l.enquiries, l.rate])
  for (const p of report.projects)
    lines.push(['project', '', '', '', p.title, '', '', '', p.views, p.enquiries, p.rate, p.won, p.wonValue])
  // Issue 42: time to first response, overall then per owner.
  const response = (owner: string, r: { answered: number; medianMinutes: number | null }, enquiries: unknown) => [
    'response',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    enquiries,
    '',
    '',
    '',
    owner,
    r.answered,
    r.medianMinutes ?? '',
  ]
  lines.push(response('(all)', report.response, report.totals.enquiries))
  for (const o of report.response.owners) lines.push(response(o.name, o, o.enquiries))
  return csvDocument(lines)
}
