import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { SiteData } from '../../shared/site-data.js'
import { pageEntries, projectEntries } from '../../web/lib/sitemap-entries.js'
import type { PageCache } from './page-cache.js'

/** Wait this long after the server listens, so the warm-up does not share the CPU with the start. */
const START_DELAY_MS = 1000
/**
 * At most this many pages, and at most half the cache: a large site's long tail is rendered by
 * its visitors, as before, and leaves room for it.
 */
const WARM_UP_PAGES = 200
/** Marks the warm-up's own requests for the request log; unknown outside this process. */
const WARM_UP_MARK = randomBytes(16).toString('hex')

/** A request the warm-up made: left out of the request log (a start would log hundreds of lines). */
export const isWarmUpRequest = (request: { headers: IncomingHttpHeaders }) =>
  request.headers['x-warm-up'] === WARM_UP_MARK

/**
 * Fills the page cache once the server listens: every page the sitemaps list, in every language,
 * up to `WARM_UP_PAGES`, one at a time. Without it the first visitor of each page after a deploy or a
 * restart waits for its render (100-170 ms of CPU here, docs/performance.md), and on a small
 * machine that render competes with everything else for the cores.
 *
 * The pages are asked for through Fastify's `inject`, as a visitor's GET is: the page cache takes
 * its security headers from the first answer, and a request without a user agent counts as no
 * view (visit-counter.ts). A content change later re-renders the most visited pages by itself.
 */
export function scheduleWarmUp(app: FastifyInstance, cache: PageCache, site: SiteData, cacheMaxEntries: number) {
  const limit = Math.min(WARM_UP_PAGES, Math.floor(cacheMaxEntries / 2))
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  app.addHook('onListen', async () => {
    timer = setTimeout(() => {
      warm().catch((error) => {
        if (!stopped) app.log.warn({ err: error }, 'page cache warm-up failed')
      })
    }, START_DELAY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearTimeout(timer)
  })

  async function warm() {
    const keys = await warmUpKeys(site, limit)
    const started = Date.now()
    let rendered = 0
    for (const key of keys) {
      if (stopped) return
      // Already there (a visitor was first): nothing to do.
      if (cache.has(key)) continue
      await app.inject({ method: 'GET', url: key, headers: { 'x-warm-up': WARM_UP_MARK } })
      rendered++
    }
    app.log.info({ pages: rendered, ms: Date.now() - started }, 'page cache warmed')
  }
}

/**
 * The sitemaps' addresses, up to `limit`: each language's site pages, then each language's
 * projects, newest first. A language's projects are read only while there is room for them.
 */
async function warmUpKeys(site: SiteData, limit: number): Promise<string[]> {
  const codes = (await site.languages()).map((l) => l.code)
  const pages = await Promise.all(codes.map((code) => pageEntries(site, code)))
  const keys = pages.flat().map((entry) => entry.path)
  for (const code of codes) {
    if (keys.length >= limit) break
    keys.push(...(await projectEntries(site, code, 0)).map((entry) => entry.path))
  }
  return keys.slice(0, Math.max(0, limit))
}
