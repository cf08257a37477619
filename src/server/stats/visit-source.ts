import { BASE_LANGUAGE } from '../../shared/constants.js'

/** Where a view came from: a campaign's source, a referrer's host, or '' (typed, bookmarked). */
export interface VisitSource {
  source: string
  medium: string
  campaign: string
}

/** A page as the counters know it: its path, language and, for a project page, its slug. */
export interface CountedPage {
  path: string
  language: string
  /** Set for /project/{slug}: the flush resolves it to the project and its language. */
  slug?: string
}

/** Views from one page of this site to another (a link followed, React Router's navigation). */
export const INTERNAL_SOURCE = '(internal)'
const NO_SOURCE: VisitSource = { source: '', medium: '', campaign: '' }
const INTERNAL: VisitSource = { source: INTERNAL_SOURCE, medium: '', campaign: '' }

// The first segment of a page in the base language; any other first segment is a language code.
const BASE_PAGES = new Set(['about', 'all-projects', 'contact', 'coming-soon', 'privacy-policy', 'project', '404'])
const MAX_VALUE = 100
const DATA_SUFFIX = '.data'

/**
 * The page a counted address shows: `/es/about?utm_source=x` is /es/about in es, and React
 * Router's data request for a navigation (`/es/about.data`, `/_root.data`) is that page too.
 * Null for what is not a public page (the admin).
 */
export function countedPage(url: string): CountedPage | null {
  const queryAt = url.indexOf('?')
  let path = queryAt === -1 ? url : url.slice(0, queryAt)
  if (path.endsWith(DATA_SUFFIX)) path = path === '/_root.data' ? '/' : path.slice(0, -DATA_SUFFIX.length)
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (path.length > 300) return null
  const segments = path.split('/')
  const first = segments[1] ?? ''
  if (first === 'admin') return null
  if (first === 'project') return { path, language: BASE_LANGUAGE, slug: decodeSafely(segments[2] ?? '') }
  if (first === '' || BASE_PAGES.has(first)) return { path, language: BASE_LANGUAGE }
  return { path, language: first }
}

/**
 * The source of a view: the campaign parameters of its address first (`utm_source`, else `gclid`
 * as google and `fbclid` as facebook, medium cpc), then the host of its referrer (`www.` left off;
 * this site's own host is INTERNAL_SOURCE), else none. Values are lower-cased and cut to 100
 * characters: they are counted, not shown back to anyone as they came.
 */
export function visitSource(
  url: string,
  referer: string | undefined,
  isOwnHost: (host: string) => boolean,
): VisitSource {
  const queryAt = url.indexOf('?')
  if (queryAt !== -1) {
    const query = new URLSearchParams(url.slice(queryAt + 1))
    const utmSource = clean(query.get('utm_source'))
    const clickNetwork = query.has('gclid') ? 'google' : query.has('fbclid') ? 'facebook' : ''
    if (utmSource || clickNetwork) {
      return {
        source: utmSource || clickNetwork,
        medium: clean(query.get('utm_medium')) || (clickNetwork ? 'cpc' : ''),
        campaign: clean(query.get('utm_campaign')),
      }
    }
  }
  if (!referer) return NO_SOURCE
  const host = refererHost(referer)
  if (host === null) return NO_SOURCE
  if (isOwnHost(host)) return INTERNAL
  return { source: host, medium: 'referral', campaign: '' }
}

/** The host of a referrer (lower case, without `www.`), or null when it is not an http(s) URL. */
export function refererHost(referer: string): string | null {
  if (!referer.startsWith('http://') && !referer.startsWith('https://')) return null
  let host: string
  try {
    host = new URL(referer).hostname
  } catch {
    return null
  }
  if (!host || host.length > MAX_VALUE) return null
  return host.startsWith('www.') ? host.slice(4) : host
}

/** A Host header's host as refererHost gives it: `www.example.com:8080` is example.com. */
export function hostHeaderName(host: string | undefined): string {
  if (!host) return ''
  const name = host.toLowerCase().replace(/:\d+$/, '')
  return name.startsWith('www.') ? name.slice(4) : name
}

function clean(value: string | null): string {
  if (!value) return ''
  // Control characters would only make the CSV and the tables unreadable.
  return (
    value
      .trim()
      .toLowerCase()
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, MAX_VALUE)
  )
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
