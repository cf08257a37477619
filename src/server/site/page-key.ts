import { pageQueryParams } from '../../shared/page-query.js'

// React Router's client asks for a page's data at the page's path plus `.data`, naming the routes
// it wants in `_routes`.
const DATA_SUFFIX = '.data'
const DATA_ROUTES_PARAM = '_routes'
/** React Router's route discovery: its whole query (repeated `p`, `version`) is the question. */
export const MANIFEST_PATH = '/__manifest'

/**
 * The page an address shows, as a cache key: its path plus only the query parameters that page
 * reads, in a fixed order. `/?utm_source=x&fbclid=y` is the page `/`. Null when the address
 * cannot name a page (a NUL byte, broken percent-encoding).
 */
export function pageKey(url: string): string | null {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  if (!isSafePath(path)) return null
  if (queryAt === -1 || path === MANIFEST_PATH) return url
  const isData = path.endsWith(DATA_SUFFIX)
  const allowed = [
    ...pageQueryParams(isData ? path.slice(0, -DATA_SUFFIX.length) : path),
    ...(isData ? [DATA_ROUTES_PARAM] : []),
  ]
  if (allowed.length === 0) return path
  const query = new URLSearchParams(url.slice(queryAt + 1))
  const kept = new URLSearchParams()
  for (const name of [...allowed].sort()) {
    const value = query.get(name)
    if (value !== null) kept.set(name, value)
  }
  const search = kept.toString()
  return search ? `${path}?${search}` : path
}

function isSafePath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\0')) return false
  if (!path.includes('%')) return true
  try {
    return !decodeURIComponent(path).includes('\0')
  } catch {
    return false
  }
}
