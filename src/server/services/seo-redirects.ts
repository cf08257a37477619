import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { SeoProblem } from '../../shared/seo-report.js'

interface RedirectRow {
  from: string
  /** null: the address is gone (410). */
  to: string | null
  language: string | null
}

/** The language an address belongs to: its record's, else its first segment's, else the base language. */
function languageOf(row: RedirectRow, codes: Set<string>): string {
  if (row.language && codes.has(row.language)) return row.language
  const first = row.from.split('/')[1] ?? ''
  return codes.has(first) ? first : BASE_LANGUAGE
}

/**
 * Redirects to redirects (issue 24, item 8): a redirect whose target is itself redirected or gone
 * costs a crawler a second hop, or ends in a 410. Slug changes never make one (decision 111
 * collapses them); an imported or hand-made redirect can. By language, each to fix on Redirects.
 */
export function redirectChains(rows: RedirectRow[], languages: string[]): Map<string, SeoProblem[]> {
  const codes = new Set(languages)
  const byFrom = new Map(rows.map((row) => [row.from, row]))
  const result = new Map<string, SeoProblem[]>()
  for (const row of rows) {
    if (!row.to?.startsWith('/')) continue
    const next = byFrom.get(row.to) ?? byFrom.get(row.to.split('?')[0]!)
    if (!next) continue
    const then = next.to ? `which redirects again to ${next.to}` : 'which is gone (410)'
    const language = languageOf(row, codes)
    result.set(language, [
      ...(result.get(language) ?? []),
      {
        kind: 'redirect-chain',
        path: row.from,
        message: `${row.from} redirects to ${row.to}, ${then}`,
        fix: '/admin/redirects',
      },
    ])
  }
  return result
}
