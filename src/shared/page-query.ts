/** All projects comes in pages: `?page=N` for N ≥ 2 (page 1 is the address without it). */
export const PAGE_PARAM = 'page'
export const PROJECTS_PER_PAGE = 12

/** The contact page about one project: `?project=<slug>`. */
export const CONTACT_PROJECT_PARAM = 'project'

// The public pages that read their query string, by path (with or without a language segment).
const PAGES_WITH_QUERY: [RegExp, readonly string[]][] = [
  [/^\/(?:[a-z0-9-]+\/)?all-projects$/, [PAGE_PARAM]],
  // The contact page names the project it was opened for (issue 11).
  [/^\/(?:[a-z0-9-]+\/)?contact$/, [CONTACT_PROJECT_PARAM]],
]

/**
 * The query parameters a public page reads. Anything else in a query string (utm_*, gclid,
 * fbclid, a cache buster) does not change the page, so the page cache serves the same page.
 */
export function pageQueryParams(pathname: string): readonly string[] {
  for (const [pattern, params] of PAGES_WITH_QUERY) if (pattern.test(pathname)) return params
  return []
}
