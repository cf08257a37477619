// The CSV exports (enquiries, audit log, stats) write the same way: RFC 4180 with a BOM, so
// spreadsheet programs read the accents right, and every cell defused against formulas.

// A spreadsheet runs a cell as a formula when it starts with one of these. A program set to
// another separator (Spain's Excel splits on ";") cuts a cell into several, so the same holds
// after every separator inside the text: "x;=1+1" becomes the cells "x" and "=1+1" there.
// Quotes and spaces before the character do not stop it.
const FORMULA_START = /(^|[,;\t\r\n])([ "']*)(?=[=+\-@\t\r])/g

/** A leading apostrophe makes the spreadsheet show the text as it is instead of running it. */
export const defuseFormulas = (text: string) => text.replace(FORMULA_START, "$1$2'")

/** One cell: always quoted (RFC 4180), with every formula start defused. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value)
  return `"${defuseFormulas(text).replace(/"/g, '""')}"`
}

/** A whole document from its rows (the first is the header). */
export const csvDocument = (rows: unknown[][]): string =>
  `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`

/** A column of an export: its header and how a record fills it. */
export interface CsvColumn<T> {
  label: string
  value: (record: T) => unknown
}

/** A document of one row per record under the columns' labels. */
export const recordsToCsv = <T>(columns: CsvColumn<T>[], records: T[]): string =>
  csvDocument([
    columns.map(({ label }) => label),
    ...records.map((record) => columns.map(({ value }) => value(record))),
  ])
