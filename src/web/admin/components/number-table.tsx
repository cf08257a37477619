import type { ReactNode } from 'react'
import { TableRegion } from '../kit/list-screen.js'

/** A column of figures: its heading, and the figure of a row as shown. */
export interface NumberColumn<R> {
  heading: ReactNode
  value: (row: R) => string
}

interface NumberTableProps<R> {
  rows: readonly R[]
  /** The first column: its heading and each row's header cell. */
  name: string
  rowHeader: (row: R) => ReactNode
  columns: NumberColumn<R>[]
  keyOf: (row: R) => string
  caption?: string
  /** The caption's id, when a scrolling region around the table is named by it. */
  captionId?: string
  /** The row header cells' class (`stats-name`: long names wrap). */
  nameClass?: string
}

/** The dashboard's tables: a name per row, then figures aligned right (stats-table). */
export function NumberTable<R>({
  rows,
  name,
  rowHeader,
  columns,
  keyOf,
  caption,
  captionId,
  nameClass,
}: NumberTableProps<R>) {
  return (
    <table className="stats-table">
      {caption && (
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
      )}
      <thead>
        <tr>
          <th scope="col">{name}</th>
          {columns.map((column, index) => (
            <th key={index} scope="col" className="stats-num">
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={keyOf(row)}>
            <th scope="row" className={nameClass}>
              {rowHeader(row)}
            </th>
            {columns.map((column, index) => (
              <td key={index} className="stats-num">
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

interface TableCardProps {
  id: string
  heading: string
  /** Said instead of the table when it would have no rows. */
  empty: string | false
  children: ReactNode
}

/**
 * A dashboard card holding one table (a top list), or a line saying there is nothing to list. A
 * table wider than the card (five columns on a phone) scrolls inside it; that region takes the
 * card's name (one region per card, not two of the same name).
 */
export function TableCard({ id, heading, empty, children }: TableCardProps) {
  return (
    <section className="admin-card stats-top" aria-labelledby={empty ? id : undefined}>
      <h2 id={id}>{heading}</h2>
      {empty ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <TableRegion scroll labelledBy={id}>
          {children}
        </TableRegion>
      )}
    </section>
  )
}
