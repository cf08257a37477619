import type { ReactNode } from 'react'
import { Link, useLoaderData, useLocation } from 'react-router'
import { LoadError, StatusMessage, type Status } from '../components/status-message.js'
import type { Loaded } from './load.js'
import { mayOpen, useMe } from '../lib/me.js'

export interface Column<T> {
  header: string
  cell: (item: T) => ReactNode
  /** The column that names the row: a row header, which the row's links point to. */
  rowHeader?: boolean
  className?: string
}

interface ListScreenProps<T extends { _id: string }> {
  title: string
  /** The loader's answer: the items, or why they could not be read. */
  loaded: Loaded<T[]>
  /** The main action beside the heading: 'Add Project', 'Add Review'… */
  add?: { to: string; label: string }
  /** Another main action instead, e.g. a download. */
  action?: ReactNode
  /** Names the table for screen readers; the title unless given. */
  caption?: string
  /** Each row's link to its record, in an Actions column ('View Details' unless named). */
  details?: { to: (item: T) => string; label?: string }
  columns: Column<T>[]
  /** 'stack' (the default): on a phone each row becomes a card; 'scroll': the table scrolls sideways. */
  layout?: 'stack' | 'scroll'
  rowClassName?: (item: T) => string | undefined
  /** Between the heading and the table: a message, a count. */
  intro?: ReactNode
  /** After the table. */
  children?: ReactNode
  /** What an empty list says, when "No … yet." does not fit. */
  empty?: string
}

/** The id of a row's header cell, which the row's links name as their description. */
export const rowHeaderId = (item: { _id: string }) => `row-${item._id}`

/**
 * Every admin list: heading and main action, the load failure or "No … yet.", then one table row
 * per item, its header cell naming the row for the row's links.
 */
export function ListScreen<T extends { _id: string }>(props: ListScreenProps<T>) {
  const { title, loaded, details, layout = 'stack', rowClassName } = props
  // The main action shows only to those who may take it (decision 088).
  const me = useMe()
  const add = props.add && mayOpen(me, props.add.to) ? props.add : undefined
  const items = loaded.data ?? []
  const captionId = `${title.toLowerCase().replace(/\W+/g, '-')}-caption`
  // What the screen before did, e.g. 'Moved to the trash' after a delete.
  const told = (useLocation().state as { status?: Status } | null)?.status ?? null
  const columns: Column<T>[] = details
    ? [
        ...props.columns,
        {
          header: 'Actions',
          cell: (item) => (
            <Link to={details.to(item)} aria-describedby={rowHeaderId(item)}>
              {details.label ?? 'View Details'}
            </Link>
          ),
        },
      ]
    : props.columns
  return (
    <>
      <ScreenHeading title={title} actions={add ? <AddLink {...add} /> : props.action} />
      <StatusMessage status={told} />
      {props.intro}
      {loaded.error && <LoadError {...loaded.error} />}
      {!loaded.error && items.length === 0 && <p>{props.empty ?? `No ${title.toLowerCase()} yet.`}</p>}
      {items.length > 0 && (
        <TableRegion scroll={layout === 'scroll'} labelledBy={captionId}>
          <table className={`admin-table admin-table--${layout}`}>
            <caption id={captionId} className="visually-hidden">
              {props.caption ?? title}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th scope="col" key={column.header}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} className={rowClassName?.(item)}>
                  {columns.map(({ header, rowHeader, className, cell }) =>
                    rowHeader ? (
                      <th scope="row" key={header} id={rowHeaderId(item)} data-label={header} className={className}>
                        {cell(item)}
                      </th>
                    ) : (
                      <td key={header} data-label={header} className={className}>
                        {cell(item)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {props.children}
    </>
  )
}

/** The default export of a list route: the screen over its loader's answer (a Loaded list). */
export function listRoute<T extends { _id: string }>(screen: Omit<ListScreenProps<T>, 'loaded'>) {
  return function ListRoute() {
    return <ListScreen {...screen} loaded={useLoaderData() as Loaded<T[]>} />
  }
}

/** A screen's h1 with its main actions beside it (they wrap under it on a phone). */
export function ScreenHeading({ title, eyebrow, subtitle, about, actions }: HeadingProps) {
  return (
    <div className="admin-heading">
      <div>
        {eyebrow && <p className="admin-eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {subtitle && <p className="admin-muted">{subtitle}</p>}
        {about && (
          <p className="admin-muted">
            {about.text} · <Link to={about.to}>View Details</Link>
          </p>
        )}
      </div>
      {actions && <div className="admin-actions">{actions}</div>}
    </div>
  )
}

interface HeadingProps {
  title: ReactNode
  /** A small line above the title: what kind of record this is. */
  eyebrow?: ReactNode
  /** A line under the title. */
  subtitle?: ReactNode
  /** The record a form is about, with a link to its detail screen. */
  about?: { text: ReactNode; to: string }
  actions?: ReactNode
}

/**
 * A table's wrapper. A table wider than the screen scrolls inside it; such a region is named and
 * reachable by keyboard, so it can be scrolled without a mouse (axe: scrollable-region-focusable).
 */
export function TableRegion({
  scroll,
  labelledBy,
  children,
}: {
  scroll: boolean
  labelledBy: string
  children: ReactNode
}) {
  return scroll ? (
    <div className="admin-table-wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  ) : (
    <div className="admin-table-wrap">{children}</div>
  )
}

/** The main action beside a list's heading: 'Add Project', 'Add Review', 'Add Language'. */
const AddLink = ({ to, label }: { to: string; label: string }) => (
  <Link className="admin-button" to={to}>
    {label}
  </Link>
)
