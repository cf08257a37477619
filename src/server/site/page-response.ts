import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { type CachedPage, type CacheState, type Encoding, pickEncoding } from './page-cache.js'
import { pageKey } from './page-key.js'

interface Asked {
  method: string
  headers: IncomingHttpHeaders
}

/**
 * Writes a cached page straight to the socket with its precomputed headers: 304 to a matching
 * If-None-Match, headers alone to HEAD, else the best encoding the client takes and the cache has.
 * `x-cache` says whether the page was current, stale (a newer one is being rendered) or rendered now.
 */
export function writeCachedPage(res: ServerResponse, asked: Asked, entry: CachedPage, state: CacheState) {
  const wanted = pickEncoding(asked.headers['accept-encoding'])
  const encoding: Encoding = entry.wire[wanted] ? wanted : 'identity'
  const headers = entry.wire[encoding]!
  write(
    res,
    asked,
    entry.page.status,
    state === 'hit' ? headers : { ...headers, 'x-cache': state },
    bodyOf(entry, encoding),
  )
}

/** A cached page and whether it is current (page-cache.ts `lookup`, or the cache thread's copy). */
type FindPage = (key: string) => { entry: CachedPage; state: CacheState } | undefined

/**
 * Answers a cached page before Fastify sees the request (no routing, hooks or request log): what
 * makes a repeat visit cost about what serving a file costs. The main thread finds pages in the
 * page cache, the cache thread (decision 163) in its copy. False: not answered here.
 */
export function answerFromCache(find: FindPage, answered: (request: IncomingMessage, entry: CachedPage) => void) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const method = request.method
    if ((method !== 'GET' && method !== 'HEAD') || request.headers.authorization) return false
    // A draft's preview is never answered from (or kept in) the cache.
    if (request.url?.includes('preview=')) return false
    const key = pageKey(request.url ?? '')
    const found = key === null ? undefined : find(key)
    if (!found) return false
    writeCachedPage(response, { method, headers: request.headers }, found.entry, found.state)
    answered(request, found.entry)
    return true
  }
}

/** Writes a page that is not (or not yet) in the cache, as its caller encoded it. */
export function writeRenderedPage(
  res: ServerResponse,
  asked: Asked,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
) {
  write(res, asked, status, { ...headers, 'x-cache': 'miss' }, body)
}

function write(res: ServerResponse, asked: Asked, status: number, headers: OutgoingHttpHeaders, body: Buffer) {
  if (status === 200 && headers.etag !== undefined && asked.headers['if-none-match'] === headers.etag) {
    res.writeHead(304, {
      etag: headers.etag,
      'cache-control': headers['cache-control'],
      vary: headers.vary,
      'x-cache': headers['x-cache'],
    })
    res.end()
    return
  }
  res.writeHead(status, headers)
  res.end(asked.method === 'HEAD' ? undefined : body)
}

const bodyOf = (entry: CachedPage, encoding: Encoding) =>
  encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.page.body
