import type { IncomingHttpHeaders } from 'node:http'
import { isbot } from 'isbot'
import { type CountedPage, countedPage, hostHeaderName, refererHost, visitSource } from './visit-source.js'

/** A minute's views, by day: what the flush adds to the tables. */
export interface VisitBatch {
  pages: { day: string; page: CountedPage; views: number }[]
  sources: { day: string; source: string; medium: string; campaign: string; views: number }[]
}

export interface VisitCounterOptions {
  /** PUBLIC_URL: views from its pages are internal, like those from the Host the request named. */
  publicUrl: string
  /** Sources (source, medium, campaign) one instance counts by name per day; later ones are OTHER_SOURCE. */
  maxSourcesPerDay?: number
  now?: () => number
}

export const OTHER_SOURCE = 'other'
const DEFAULT_MAX_SOURCES_PER_DAY = 300
// isbot's pattern takes ~5 µs per user agent; a cached page is served in ~40 µs. Browsers' user
// agents are few (a handful of versions at a time), so answers are remembered, up to a bound.
const MAX_REMEMBERED_AGENTS = 2000

// A cached page is answered in tens of microseconds; parsing its address and Host header anew for
// every view took ~5 µs of it (issue 44). Both come from a small set: answers are remembered.
const MAX_REMEMBERED_ADDRESSES = 2000

/** `read` remembered for up to `max` distinct inputs (then forgotten all at once). */
function remembered<T>(read: (input: string) => T, max: number): (input: string) => T {
  const answers = new Map<string, T>()
  return (input) => {
    let answer = answers.get(input)
    if (answer === undefined && !answers.has(input)) {
      answer = read(input)
      if (answers.size >= max) answers.clear()
      answers.set(input, answer)
    }
    return answer as T
  }
}

interface Asked {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
}

/**
 * Counts public page views in memory; nothing about the visitor is kept, only what page, in which
 * language, from which source, on which day (UTC). A view is a GET answered with a public page
 * (HTML, or React Router's data for a navigation) whose status is 200 (a 304 is a view of an
 * unchanged page), from a user agent that is not a bot (isbot; no user agent is not a browser),
 * and not a prefetch. `drain` hands the counts to the flush (visit-store.ts) and starts afresh.
 */
export function createVisitCounter(options: VisitCounterOptions) {
  const now = options.now ?? Date.now
  const maxSources = options.maxSourcesPerDay ?? DEFAULT_MAX_SOURCES_PER_DAY
  const publicHost = refererHost(options.publicUrl) ?? ''
  const agents = new Map<string, boolean>()
  // The page an address counts as, with its key's tail (path and language).
  const pageOf = remembered((url) => {
    const page = countedPage(url)
    return page && { page, key: `\t${page.path}\t${page.language}` }
  }, MAX_REMEMBERED_ADDRESSES)
  const hostOf = remembered(hostHeaderName, MAX_REMEMBERED_ADDRESSES)
  let pages = new Map<string, { day: string; page: CountedPage; views: number }>()
  let sources = new Map<string, { day: string; source: string; medium: string; campaign: string; views: number }>()
  // Source keys this instance has counted by name today (the bound on a flood of referrers).
  let namedToday = new Set<string>()
  let namedDay = ''
  let day = ''
  let dayEndsAt = 0

  function today(): string {
    const time = now()
    if (time >= dayEndsAt) {
      const date = new Date(time)
      day = date.toISOString().slice(0, 10)
      dayEndsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    }
    return day
  }

  function isBrowser(userAgent: string | undefined): boolean {
    if (!userAgent) return false
    let browser = agents.get(userAgent)
    if (browser === undefined) {
      browser = !isbot(userAgent)
      if (agents.size >= MAX_REMEMBERED_AGENTS) agents.clear()
      agents.set(userAgent, browser)
    }
    return browser
  }

  function countSource(day: string, asked: Asked, url: string, times: number) {
    const headers = asked.headers
    const host = hostOf(headers.host ?? '')
    let { source, medium, campaign } = visitSource(
      url,
      headers.referer,
      (referer) => referer === host || referer === publicHost,
    )
    let key = `${day}\t${source}\t${medium}\t${campaign}`
    if (namedDay !== day) {
      namedDay = day
      namedToday = new Set()
    }
    if (!namedToday.has(key)) {
      if (namedToday.size >= maxSources) {
        ;[source, medium, campaign] = [OTHER_SOURCE, '', '']
        key = `${day}\t${OTHER_SOURCE}\t\t`
      } else namedToday.add(key)
    }
    const counted = sources.get(key)
    if (counted) counted.views += times
    else sources.set(key, { day, source, medium, campaign, views: times })
  }

  return {
    /**
     * Called for every page answer (from the cache or rendered) with the page's status and type;
     * `times` for that many alike (the cache thread's batches).
     */
    count(asked: Asked, status: number, contentType: string | undefined, times = 1) {
      if (status !== 200 || asked.method !== 'GET') return
      const url = asked.url ?? ''
      const headers = asked.headers
      if (!contentType?.startsWith('text/html') && !url.includes('.data')) return
      const purpose = headers['sec-purpose'] ?? headers.purpose
      if (purpose !== undefined && String(purpose).includes('prefetch')) return
      if (!isBrowser(headers['user-agent'])) return
      const counted = pageOf(url)
      if (!counted) return
      const date = today()
      const key = date + counted.key
      const row = pages.get(key)
      if (row) row.views += times
      else pages.set(key, { day: date, page: counted.page, views: times })
      countSource(date, asked, url, times)
    },

    /** The counts since the last drain; the counter starts again from zero. */
    drain(): VisitBatch {
      const batch = { pages: [...pages.values()], sources: [...sources.values()] }
      pages = new Map()
      sources = new Map()
      return batch
    },

    /** Puts back counts a failed flush could not write, to be tried again with the next. */
    restore(batch: VisitBatch) {
      for (const row of batch.pages) {
        const key = `${row.day}\t${row.page.path}\t${row.page.language}`
        const counted = pages.get(key)
        if (counted) counted.views += row.views
        else pages.set(key, { ...row })
      }
      for (const row of batch.sources) {
        const key = `${row.day}\t${row.source}\t${row.medium}\t${row.campaign}`
        const counted = sources.get(key)
        if (counted) counted.views += row.views
        else sources.set(key, { ...row })
      }
    },
  }
}
export type VisitCounter = ReturnType<typeof createVisitCounter>
