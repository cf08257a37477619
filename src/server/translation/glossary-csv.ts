import { badRequest } from '../errors.js'
import { csvDocument } from '../services/csv.js'
import { MAX_IMPORT_ROWS, splitCsvLine } from '../services/redirect-csv.js'
import type { GlossaryTerm } from './placeholders.js'

// A glossary as CSV (issue 40, item 4): `source,target` per line, an empty target for a term never
// translated. Read as the redirects' CSV is (decision on redirect-csv.ts): a header line naming the
// columns is skipped, a bad line refuses the file naming it, at most MAX_IMPORT_ROWS terms.

const FORMULA = /^[=+\-@\t\r]/
// eslint-disable-next-line no-control-regex -- finding control bytes is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

export function parseGlossaryCsv(csv: string): GlossaryTerm[] {
  if (csv.includes('\u0000')) throw badRequest('The CSV holds a NUL byte; save it as plain text', 'csv')
  const terms: GlossaryTerm[] = []
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  for (const [index, text] of lines.entries()) {
    const line = index + 1
    if (!text.trim() || text.trim().startsWith('#')) continue
    const [source = '', target = ''] = splitCsvLine(text)
    if (index === 0 && /^source$/i.test(source)) continue
    if (!source) throw badRequest(`Line ${line}: a term cannot be empty`, 'csv')
    for (const cell of [source, target]) {
      if (FORMULA.test(cell)) throw badRequest(`Line ${line}: a term cannot start with ${cell[0]} (a formula)`, 'csv')
      if (CONTROL.test(cell)) throw badRequest(`Line ${line}: a term cannot hold control characters`, 'csv')
      if (cell.length > 200) throw badRequest(`Line ${line}: a term is at most 200 characters`, 'csv')
    }
    terms.push({ source, target: target || null })
    if (terms.length > MAX_IMPORT_ROWS)
      throw badRequest(
        `The CSV holds more than ${MAX_IMPORT_ROWS} terms; import at most ${MAX_IMPORT_ROWS} at a time`,
        'csv',
      )
  }
  if (terms.length === 0) throw badRequest('The CSV holds no terms (one "source,target" per line)', 'csv')
  return terms
}

/** The pair's terms as CSV (an empty target: never translated). */
export const glossaryCsv = (terms: GlossaryTerm[]) =>
  csvDocument([['source', 'target'], ...terms.map((t) => [t.source, t.target ?? ''])])
