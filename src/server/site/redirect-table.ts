import type { IncomingMessage, ServerResponse } from 'node:http'
import { normalizeAddress } from '../../shared/schemas/redirect.schema.js'
import type { Db } from '../db/client.js'
import { redirects } from '../db/schema.js'

interface Target {
  to: string | null
  status: number
}

const GONE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Gone</title></head><body><h1>This page has been removed</h1><p><a href="/">Back to the home page</a></p></body></html>`

/**
 * Every redirect in memory (decision 101): a visit to an old address is answered 301 (or 410)
 * before the page cache and before any rendering, with one Map lookup. Reloaded after a change
 * here (awaited by the API, so the next request sees it) and when another instance changed
 * content (content-sync), never read from the database per request.
 */
export function createRedirectTable(db: Db) {
  let table = new Map<string, Target>()
  let requested = 0
  let applied = 0

  async function reload() {
    const mine = ++requested
    const rows = await db
      .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status })
      .from(redirects)
    // A slower, older read must not overwrite a newer one.
    if (mine < applied) return
    applied = mine
    table = new Map(rows.map((row) => [row.from, { to: row.to, status: row.status }]))
  }

  /** The redirect of a request's address: by path and query first, then by path. */
  function lookup(url: string): { target: Target; query: string } | undefined {
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
  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false
    const found = lookup(request.url ?? '/')
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

  return {
    /** Rejects when the database cannot be read (the previous table stays). */
    reload,
    answer,
  }
}
export type RedirectTable = ReturnType<typeof createRedirectTable>
