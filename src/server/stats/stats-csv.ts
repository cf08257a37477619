import type { StatsReport } from '../../shared/stats.js'
import { csvCell } from '../services/enquiry-csv.js'

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
]

/**
 * The range as one sheet (RFC 4180, BOM, formulas defused like the enquiries' export): a row per
 * day, then the pages, sources, languages and projects, each named in the first column.
 */
export function statsToCsv(report: StatsReport): string {
  const row = (values: unknown[]) => values.map(csvCell).join(',')
  const lines = [row(COLUMNS)]
  for (const d of report.days) lines.push(row(['day', d.date, '', '', '', '', '', '', d.views, d.enquiries, '']))
  for (const p of report.pages)
    lines.push(row(['page', '', p.path, p.language, p.project, '', '', '', p.views, p.enquiries, p.rate]))
  for (const s of report.sources)
    lines.push(row(['source', '', '', '', '', s.source, s.medium, s.campaign, s.views, s.enquiries, s.rate]))
  for (const l of report.languages)
    lines.push(row(['language', '', '', l.language, '', '', '', '', l.views, l.enquiries, l.rate]))
  for (const p of report.projects)
    lines.push(row(['project', '', '', '', p.title, '', '', '', p.views, p.enquiries, p.rate]))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
