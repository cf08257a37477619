import { Link } from 'react-router'
import type { Translate } from '../lib/page-text.js'

/** The strings the pagination shows (page-text.ts). */
export const PAGINATION_TEXT = ['Pages', 'Previous', 'Page', 'Next']

/**
 * The page numbers to offer: the first, the last, and a window around the current one, with
 * null where numbers are left out ("1 … 4 5 6 … 84").
 */
export function pageWindow(current: number, total: number, around = 1): (number | null)[] {
  const shown = new Set([1, total])
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= total) shown.add(page)
  const sorted = [...shown].sort((a, b) => a - b)
  const result: (number | null)[] = []
  for (const [index, page] of sorted.entries()) {
    const before = sorted[index - 1]
    if (before !== undefined && page - before > 1) result.push(page - before === 2 ? page - 1 : null)
    result.push(page)
  }
  return result
}

interface PaginationProps {
  current: number
  total: number
  /** The address of a page (page 1 has no page parameter). */
  href: (page: number) => string
  t: Translate
}

/** Previous / numbers / Next under a paged list; nothing when there is one page. */
export function Pagination({ current, total, href, t }: PaginationProps) {
  if (total <= 1) return null
  return (
    <nav className="pagination container" aria-label={t('Pages')}>
      {current > 1 ? (
        <Link className="pagination__step" to={href(current - 1)} rel="prev">
          <span aria-hidden="true">←</span> {t('Previous')}
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
      <ol className="pagination__pages">
        {pageWindow(current, total).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                className="pagination__page"
                aria-current={page === current ? 'page' : undefined}
                aria-label={`${t('Page')} ${page}`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < total ? (
        <Link className="pagination__step pagination__step--next" to={href(current + 1)} rel="next">
          {t('Next')} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
    </nav>
  )
}
