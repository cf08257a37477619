import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OutgoingHttpHeaders } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

export interface CachedPage {
  status: number
  headers: Record<string, string>
  identity: Buffer
  gzip: Buffer
  br: Buffer
  /** Every header of the answer per encoding (security headers included), ready for writeHead. */
  wire?: Record<Encoding, OutgoingHttpHeaders>
}

const MAX_ENTRIES = 1000

/**
 * Rendered public pages, kept in memory with their compressed forms, until content changes.
 * A render that started before a change is not stored (the generation moved on meanwhile).
 */
export function createPageCache() {
  const pages = new Map<string, CachedPage>()
  let generation = 0

  return {
    get: (key: string) => pages.get(key),
    /** Call before rendering; pass the result to `set`. */
    generation: () => generation,
    /** `baseHeaders`: what the rest of the app (security headers) put on the first answer. */
    set(
      key: string,
      startedAt: number,
      page: Omit<CachedPage, 'gzip' | 'br' | 'wire'>,
      baseHeaders: OutgoingHttpHeaders,
    ): CachedPage {
      const gzip = gzipSync(page.identity, { level: 9 })
      const br = brotliCompressSync(page.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      const headersFor = (encoding: Encoding, body: Buffer): OutgoingHttpHeaders => ({
        ...baseHeaders,
        ...page.headers,
        'cache-control': page.headers['cache-control'] ?? 'no-cache',
        vary: 'accept-encoding',
        ...(encoding !== 'identity' && { 'content-encoding': encoding }),
        'content-length': body.length,
      })
      const full: CachedPage = {
        ...page,
        gzip,
        br,
        wire: {
          identity: headersFor('identity', page.identity),
          gzip: headersFor('gzip', gzip),
          br: headersFor('br', br),
        },
      }
      if (startedAt === generation) {
        // Oldest first out: a Map iterates in insertion order.
        if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!)
        pages.set(key, full)
      }
      return full
    },
    clear() {
      generation++
      pages.clear()
    },
    get size() {
      return pages.size
    },
  }
}
export type PageCache = ReturnType<typeof createPageCache>

/** The encoding to answer with for an Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return 'identity'
}

/**
 * The cache's fast path, run as the very first onRequest hook: a cached page is written straight
 * to the socket with its precomputed headers, skipping routing, hooks and header validation.
 * This is what makes a repeat visit cost about what serving a file costs.
 */
export function answerFromCache(cache: PageCache) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const method = request.method
    const page = method === 'GET' || method === 'HEAD' ? cache.get(request.url) : undefined
    if (!page?.wire || request.headers.authorization) return done()
    reply.hijack()
    const encoding = pickEncoding(request.headers['accept-encoding'])
    const headers = page.wire[encoding]
    if (page.status === 200 && request.headers['if-none-match'] === page.headers.etag) {
      reply.raw.writeHead(304, { etag: headers.etag, 'cache-control': headers['cache-control'], vary: headers.vary })
      reply.raw.end()
      return
    }
    reply.raw.writeHead(page.status, headers)
    reply.raw.end(
      method === 'HEAD' ? undefined : encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity,
    )
  }
}
