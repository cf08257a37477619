import type { IncomingMessage, ServerResponse } from 'node:http'
import { normalizeAddress } from '../../shared/address.js'

export interface Target {
  to: string | null
  status: number
}

const GONE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Gone</title></head><body><h1>This page has been removed</h1><p><a href="/">Back to the home page</a></p></body></html>`

/** Every redirect by its old address (path, or path and query). */
export type Redirects = ReadonlyMap<string, Target>

/** The redirect of a request's address: by path and query first, then by path. */
function lookup(table: Redirects, url: string): { target: Target; query: string } | undefined {
  if (table.size === 0) return undefined
  const address = normalizeAddress(url)
  if (!address) return undefined
  const queryAt = address.indexOf('?')
  const path = queryAt === -1 ? address : address.slice(0, queryAt)
  const query = queryAt === -1 ? '' : address.slice(queryAt)
  const exact = query ? table.get(address) : undefined
  if (exact) return { target: exact, query: '' }
  const byPath = table.get(path)
  return byPath && { target: byPath, query }
}

/** Answers a GET or HEAD of a redirected address; false when the address is not redirected. */
export function answerRedirect(table: Redirects, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const found = lookup(table, request.url ?? '/')
  if (!found) return false
  const { target, query } = found
  if (target.status === 410 || !target.to) {
    response.writeHead(410, {
      'content-type': 'text/html; charset=utf-8',
      // Asked again every time: a record in the trash may be restored (an hour in a browser's
      // cache kept the restored page away from whoever had seen it gone).
      'cache-control': 'no-cache',
      'content-length': Buffer.byteLength(GONE_PAGE),
    })
    response.end(request.method === 'HEAD' ? undefined : GONE_PAGE)
    return true
  }
  // The visit's own query (campaign parameters) goes along unless the target has one.
  const location = query && !target.to.includes('?') ? `${target.to}${query}` : target.to
  response.writeHead(301, { location, 'cache-control': 'public, max-age=3600', 'content-length': 0 })
  response.end()
  return true
}
