import { redirectInputSchema, type RedirectInput } from '../../shared/schemas/redirect.schema.js'
import { badRequest } from '../errors.js'

/** Most rows one import takes (an old site's addresses; more can come in several files). */
export const MAX_IMPORT_ROWS = 5000

/**
 * An old site's addresses as CSV: `from,to` per line (a header line naming them is skipped;
 * fields may be quoted; `;` or tab separate too, as spreadsheets export them). A bad line refuses
 * the file, naming the line.
 */
export function parseRedirectCsv(csv: string): { line: number; input: RedirectInput }[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const rows: { line: number; input: RedirectInput }[] = []
  lines.forEach((text, index) => {
    const line = index + 1
    if (!text.trim() || text.trim().startsWith('#')) return
    const fields = splitCsvLine(text)
    if (index === 0 && /^\s*"?from"?\s*$/i.test(fields[0] ?? '')) return
    if (fields.length < 2) throw badRequest(`Line ${line}: give two columns, from and to`, 'csv')
    const parsed = redirectInputSchema.safeParse({ from: fields[0], to: fields[1] })
    if (!parsed.success) throw badRequest(`Line ${line}: ${parsed.error.issues[0]!.message}`, 'csv')
    rows.push({ line, input: parsed.data })
  })
  if (rows.length === 0) throw badRequest('The CSV holds no redirects (one "from,to" per line)', 'csv')
  if (rows.length > MAX_IMPORT_ROWS)
    throw badRequest(`The CSV holds ${rows.length} redirects; import at most ${MAX_IMPORT_ROWS} at a time`, 'csv')
  return rows
}

/** One CSV line's fields (also the glossary's import). */
export function splitCsvLine(text: string): string[] {
  const separator = text.includes(',') ? ',' : text.includes(';') ? ';' : '\t'
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field.trim() === '') {
      quoted = true
      field = ''
    } else if (char === separator) {
      fields.push(field.trim())
      field = ''
    } else field += char
  }
  fields.push(field.trim())
  return fields
}
