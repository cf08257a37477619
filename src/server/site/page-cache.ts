import type { OutgoingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { MANIFEST_PATH } from './page-key.js'
import type { RenderedPage } from './page-renderer.js'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'
export type CacheState = 'hit' | 'stale' | 'miss'

/** A rendered page in the cache, with its compressed forms once they are made. */
export interface CachedPage {
  key: string
  page: RenderedPage
  gzip?: Buffer
  br?: Buffer
  /** Every header of the answer per encoding (security headers included), ready for writeHead. */
  wire: Partial<Record<Encoding, OutgoingHttpHeaders>>
  /** The content generation the render started in: older than the cache's means stale. */
  generation: number
  bytes: number
  hits: number
}

/**
 * Told of every change to what the cache can answer: the cache thread's copy (decision 163).
 * `stored` comes once an entry has its security headers, and again when its forms change.
 */
export interface CacheWatcher {
  stored(entry: CachedPage): void
  removed(key: string): void
  /** Content changed (or the cache was cleared): entries of older generations are stale. */
  generation(generation: number, cleared: boolean): void
}

export interface PageCacheOptions {
  render(key: string): Promise<RenderedPage>
  /** Bounds: the cache holds at most this many pages and bytes (oldest used first out). */
  maxEntries: number
  maxBytes: number
  /** Pages worth re-rendering right after a change, whether or not anyone asked yet. */
  warmKeys(): Promise<string[]>
  onError(error: unknown, key: string): void
  /** Re-render this many of the most visited pages after a change too. */
  warmTopEntries?: number
  /** Changes often come in bursts (a save, then another): wait this long before warming. */
  warmDelayMs?: number
}

// The /404 page answers 404 and is a page like any other; any other 404 is an unknown address,
// and a flood of those must not push real pages out of the cache. Route discovery answers are
// cheap and their questions endless: never kept.
// What an entry costs beside its body: key, headers, bookkeeping (an estimate).
const ENTRY_OVERHEAD = 1024

const cacheable = (key: string, page: RenderedPage) =>
  !page.headers['cache-control']?.includes('no-store') &&
  !key.startsWith(MANIFEST_PATH) &&
  (page.status === 200 || (page.status === 404 && (key === '/404' || key === '/404.data')))

/**
 * Rendered public pages, kept in memory by page (see page-key.ts) with their compressed forms.
 *
 * - Concurrent misses for one page share one render.
 * - A content change makes every page stale, not gone: visitors keep getting the previous page
 *   while one background render makes the new one (stale-while-revalidate), and the most visited
 *   pages are re-rendered straight away, so nobody waits for a render after an admin's save.
 * - Compression happens on the thread pool: a miss is answered compressed quickly for its
 *   visitor, and the cache's best forms are made afterwards for the next visits.
 * - Bounded in entries and bytes, least recently used first out.
 */
export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, CachedPage>()
  const renders = new Map<string, Promise<RenderedPage>>()
  let generation = 0
  let bytes = 0
  let baseHeaders: OutgoingHttpHeaders | undefined
  let warmTimer: NodeJS.Timeout | undefined
  let stopped = false
  let watcher: CacheWatcher | undefined
  // With a watcher in another thread, bodies live in memory both threads read: kept once, not copied.
  const kept = (body: Buffer) => (watcher ? sharedCopy(body) : body)
  const stats = { renders: 0, compressions: 0, hits: 0, stale: 0, misses: 0 }

  function wireHeaders(page: RenderedPage, encoding: Encoding, body: Buffer): OutgoingHttpHeaders {
    return {
      ...baseHeaders,
      ...page.headers,
      // HTML is revalidated on every visit (cheap: ETag), so a change in the back office shows at once.
      'cache-control': page.headers['cache-control'] ?? 'no-cache',
      vary: 'accept-encoding',
      ...(encoding !== 'identity' && { 'content-encoding': encoding }),
      'content-length': body.length,
      'x-cache': 'hit',
    }
  }

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
    watcher?.removed(key)
  }

  // Oldest used first out: a Map iterates in insertion order, and a hit re-inserts.
  function shrink() {
    for (const [key] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break
      remove(key)
    }
  }

  /** Every form's headers, with the security headers known now (none before the first answer). */
  function rewire(entry: CachedPage) {
    entry.wire = { identity: wireHeaders(entry.page, 'identity', entry.page.body) }
    if (entry.gzip) entry.wire.gzip = wireHeaders(entry.page, 'gzip', entry.gzip)
    if (entry.br) entry.wire.br = wireHeaders(entry.page, 'br', entry.br)
  }

  function store(entry: CachedPage) {
    // The security headers may have become known while the page rendered or compressed.
    rewire(entry)
    remove(entry.key)
    entries.set(entry.key, entry)
    bytes += entry.bytes
    shrink()
    if (baseHeaders && entries.get(entry.key) === entry) watcher?.stored(entry)
  }

  /** Adds the gzip and brotli forms; answers how many bytes they take. */
  async function compress(entry: CachedPage): Promise<number> {
    const body = entry.page.body
    stats.compressions++
    const [gz, br] = await Promise.all([encode(body, 'gzip', 'best'), encode(body, 'br', 'best')])
    entry.gzip = kept(gz)
    entry.br = kept(br)
    return gz.length + br.length
  }

  /** Renders a page once however many ask at the same time, and stores it if it can be. */
  function render(key: string, background: boolean): Promise<RenderedPage> {
    const running = renders.get(key)
    if (running) return running
    const startedIn = generation
    const work = (async () => {
      stats.renders++
      const page = await options.render(key)
      const current = entries.get(key)
      // A render that started before a newer one stored its page must not replace it.
      if (current && current.generation > startedIn) return page
      // A page the cache cannot hold (PAGE_CACHE_MB=0, or larger than the whole cache) is not
      // compressed only to be thrown away.
      if (!cacheable(key, page) || page.body.length + ENTRY_OVERHEAD > options.maxBytes) {
        remove(key)
        return page
      }
      const entry: CachedPage = {
        key,
        page: watcher ? { ...page, body: kept(page.body) } : page,
        wire: {},
        generation: startedIn,
        bytes: page.body.length + ENTRY_OVERHEAD,
        hits: current?.hits ?? 0,
      }
      // In the background nobody waits: publish the page with its compressed forms. A visitor's
      // miss publishes at once and compresses afterwards.
      if (background) entry.bytes += await compress(entry)
      store(entry)
      if (!background) {
        compress(entry)
          .then((added) => {
            if (entries.get(key) !== entry) return
            rewire(entry)
            entry.bytes += added
            bytes += added
            shrink()
            if (entries.get(key) === entry) watcher?.stored(entry)
          })
          .catch((error) => options.onError(error, key))
      }
      return page
    })().finally(() => renders.delete(key))
    renders.set(key, work)
    return work
  }

  function revalidate(key: string) {
    if (stopped || renders.has(key)) return
    render(key, true).catch((error) => options.onError(error, key))
  }

  async function warm() {
    if (!baseHeaders) return // nobody has visited since the start: nothing to keep warm
    const top = [...entries.values()]
      .sort((a, b) => b.hits - a.hits)
      .slice(0, options.warmTopEntries ?? 20)
      .map((entry) => entry.key)
    const keys = new Set([...(await options.warmKeys()), ...top])
    // One at a time: visitors' renders come first.
    for (const key of keys) {
      if (stopped) return
      const entry = entries.get(key)
      if (entry && entry.generation === generation) continue
      await render(key, true).catch((error) => options.onError(error, key))
    }
  }

  return {
    stats,
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
    /** Renders under way (visitors' and background). */
    get rendering() {
      return renders.size
    },

    /** The stored page and whether it is current; a stale one is re-rendered in the background. */
    lookup(key: string): { entry: CachedPage; state: CacheState } | undefined {
      // Until a page has gone through Fastify once, stored pages lack the security headers.
      if (!baseHeaders) return undefined
      const entry = entries.get(key)
      if (!entry) return undefined
      entry.hits++
      entries.delete(key)
      entries.set(key, entry)
      if (entry.generation === generation) {
        stats.hits++
        return { entry, state: 'hit' }
      }
      stats.stale++
      revalidate(key)
      return { entry, state: 'stale' }
    },

    /** Whether the page is stored, current or not (counts as no visit). */
    has: (key: string) => entries.has(key),

    /** A miss: the page rendered now (or by the render already under way), stored if it can be. */
    miss(key: string): Promise<RenderedPage> {
      stats.misses++
      return render(key, false)
    },

    /** Renders a page in the background and stores it (a changed page, before anyone asks). */
    refresh: (key: string): Promise<RenderedPage> => render(key, true),

    /** A HEAD miss: shares a render under way, or renders without storing anything. */
    peek(key: string): Promise<RenderedPage> {
      return renders.get(key) ?? options.render(key)
    },

    /** Security headers every answer carries, taken from the first page answer. */
    setBaseHeaders(headers: OutgoingHttpHeaders) {
      if (baseHeaders) return
      baseHeaders = { ...headers }
      // Pages rendered before anyone visited (a publish's re-render) were stored without them.
      for (const entry of entries.values()) {
        rewire(entry)
        watcher?.stored(entry)
      }
    },

    /** Visits another thread answered from its copy: they count as hits here (warming, metrics). */
    countHits(key: string, count: number) {
      stats.hits += count
      const entry = entries.get(key)
      if (!entry) return
      entry.hits += count
      entries.delete(key)
      entries.set(key, entry)
    },

    /** Tells `next` of every change from now on (the cache thread's copy; one watcher at most). */
    watch(next: CacheWatcher) {
      watcher = next
      next.generation(generation, true)
      if (baseHeaders) for (const entry of entries.values()) next.stored(entry)
    },

    wireHeaders,

    /** Content changed: every page is stale from now on, and the most visited are re-rendered. */
    invalidate() {
      generation++
      watcher?.generation(generation, false)
      // A cache that keeps nothing (PAGE_CACHE_MB=0) has nothing to warm.
      if (stopped || options.maxBytes <= 0) return
      clearTimeout(warmTimer)
      warmTimer = setTimeout(() => {
        warm().catch((error) => options.onError(error, 'warm-up'))
      }, options.warmDelayMs ?? 20)
      warmTimer.unref()
    },

    /** Forget everything (another instance's change may be unknown, e.g. after a lost connection). */
    clear() {
      generation++
      entries.clear()
      bytes = 0
      watcher?.generation(generation, true)
    },

    /** Stops background work and waits for the renders under way (before the database closes). */
    async stop() {
      stopped = true
      clearTimeout(warmTimer)
      await Promise.allSettled([...renders.values()])
    },
  }
}
export type PageCache = ReturnType<typeof createPageCache>

/**
 * How hard to compress: `best` for the forms the cache keeps, made off the visitor's path;
 * `quick` for the visitor whose request rendered the page. On a 59 KB project page brotli 5 takes
 * 1 ms; brotli 10 takes 17 ms and is 5-10% smaller than 9 (12 ms), which puts every page but the
 * Spanish home page within TCP's first round trip (~14 KB with the headers); 11 saves 3% more for
 * 2.5 times the time, too dear when a crawler's misses queue up on the thread pool.
 */
const EFFORT = { best: { br: 10, gzip: 9 }, quick: { br: 5, gzip: 6 } }

/** A body in an encoding, compressed on the thread pool. */
export function encode(body: Buffer, encoding: Encoding, effort: keyof typeof EFFORT): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: EFFORT[effort].gzip })
  if (encoding === 'br') {
    return brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: EFFORT[effort].br, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
  }
  return Promise.resolve(body)
}

/** A copy in a SharedArrayBuffer: a view of it posted to a worker thread shares the memory. */
function sharedCopy(body: Buffer): Buffer {
  const copy = Buffer.from(new SharedArrayBuffer(body.length))
  body.copy(copy)
  return copy
}

// Browsers send a handful of Accept-Encoding values: each is read once, not on every cached answer.
const encodingFor = new Map<string, Encoding>()

/** The encoding to answer with for an Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity'
  let encoding = encodingFor.get(acceptEncoding)
  if (encoding === undefined) {
    const accepted = acceptEncoding.toLowerCase()
    encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity'
    if (encodingFor.size >= 100) encodingFor.clear()
    encodingFor.set(acceptEncoding, encoding)
  }
  return encoding
}
