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
    lines.push(['source', '', '', '', '', s.source, s.medium, s.campaign, s.views, s.enquiries, s.rate])
  for (const l of report.languages)
    lines.push(['language', '', '', l.language, '', '', '', '', l.views, l.enquiries, l.rate])
  for (const p of report.projects)
    lines.push(['project', '', '', '', p.title, '', '', '', p.views, p.enquiries, p.rate])
  return csvDocument(lines)
}
