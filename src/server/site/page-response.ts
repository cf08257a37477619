import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { type CachedPage, type CacheState, type Encoding, pickEncoding } from './page-cache.js'

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
