import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../db/client.js'
import { redirects } from '../db/schema.js'
import { answerRedirect, type Redirects } from './redirect-answer.js'

/**
 * Every redirect in memory (decision 101): a visit to an old address is answered 301 (or 410)
 * before the page cache and before any rendering, with one Map lookup. Reloaded after a change
 * here (awaited by the API, so the next request sees it) and when another instance changed
 * content (content-sync), never read from the database per request.
 */
export function createRedirectTable(db: Db) {
  let table: Redirects = new Map()
  let requested = 0
  let applied = 0
  let watcher: ((table: Redirects) => void) | undefined

  async function reload() {
    const mine = ++requested
    const rows = await db
      .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status })
      .from(redirects)
    // A slower, older read must not overwrite a newer one.
    if (mine < applied) return
    applied = mine
    table = new Map(rows.map((row) => [row.from, { to: row.to, status: row.status }]))
    watcher?.(table)
  }

  return {
    /** Rejects when the database cannot be read (the previous table stays). */
    reload,
    answer: (request: IncomingMessage, response: ServerResponse) => answerRedirect(table, request, response),
    /** Tells `next` of the table now and after every reload (the cache thread's copy, decision 163). */
    watch(next: (table: Redirects) => void) {
      watcher = next
      next(table)
    },
  }
}
export type RedirectTable = ReturnType<typeof createRedirectTable>
