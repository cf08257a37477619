import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Db, Executor } from '../db/client.js'
import { indexNowSubmissions } from '../db/schema.js'
import { backgroundLoop, backoffOf, claimDueRows, failedTry, msUntilDue, sentTry } from '../background-loop.js'

// IndexNow (issue 24, item 7; decision 104): changed addresses are told to search engines through
// a table claimed like the deliveries outbox (delivery/outbox.ts), so each change is sent once
// across instances and retried until the endpoint accepts it.

const TIMEOUT_MS = 10_000
/** IndexNow takes up to 10,000 addresses per request. */
const MAX_URLS = 10_000

export interface IndexNowOptions {
  db: Db
  log: FastifyBaseLogger
  /** INDEXNOW_KEY; without it nothing is recorded or sent. */
  key?: string
  endpoint: string
  publicUrl: string
  retryBaseMs?: number
  maxDelayMs?: number
  leaseMs?: number
}

export interface IndexNow {
  readonly enabled: boolean
  /**
   * Records the addresses (paths or absolute, old and new) that changed, in the change's own
   * transaction; sent after it commits. Publishing calls it on publish, unpublish, slug change
   * and trash. Does nothing without INDEXNOW_KEY.
   */
  announceChangedUrls(tx: Executor, urls: string[]): Promise<void>
  /** Sends what is due now (call after the change committed). */
  wake(): void
  start(): void
  stop(): Promise<void>
}

export function createIndexNow(options: IndexNowOptions): IndexNow {
  const { db, log, key, endpoint } = options
  const origin = new URL(options.publicUrl).origin
  const backoff = backoffOf(options)
  const leaseMs = options.leaseMs ?? 120_000
  const pollMs = Math.min(leaseMs, 30_000)

  const claimDue = () =>
    claimDueRows(db, indexNowSubmissions, { due: indexNowSubmissions.nextAttemptAt, limit: 5, leaseMs })

  async function send(urls: string[]) {
    const response = await fetch(endpoint, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        host: new URL(origin).host,
        key,
        keyLocation: `${origin}/${key}.txt`,
        urlList: urls,
      }),
    }).catch((error: unknown) => {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new Error(`IndexNow unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`)
    })
    await response.body?.cancel()
    // 200 OK and 202 Accepted (the key is being checked) both mean it was taken.
    if (response.status !== 200 && response.status !== 202) throw new Error(`IndexNow answered HTTP ${response.status}`)
  }

  async function deliver(row: typeof indexNowSubmissions.$inferSelect) {
    const mine = and(eq(indexNowSubmissions.id, row.id), eq(indexNowSubmissions.leaseToken, row.leaseToken!))
    try {
      await send(row.urls)
    } catch (error) {
      const { attempts, delayMs: delay, set } = failedTry(indexNowSubmissions, row.attempts, error, backoff)
      await db.update(indexNowSubmissions).set(set).where(mine)
      log.warn({ submission: row.id, attempts, retryInMs: delay, err: error }, 'IndexNow submission failed; will retry')
      return
    }
    await db
      .update(indexNowSubmissions)
      .set({ ...sentTry(indexNowSubmissions), sentAt: sql`now()` })
      .where(eq(indexNowSubmissions.id, row.id))
    log.info({ submission: row.id, urls: row.urls.length }, 'IndexNow submission sent')
  }

  async function sendDue(running: () => boolean) {
    while (running()) {
      const claimed = await claimDue()
      if (claimed.length === 0) return
      for (const row of claimed) if (running()) await deliver(row)
    }
  }

  const loop = backgroundLoop({
    name: 'IndexNow',
    log,
    work: sendDue,
    // The next retry, or a poll for rows other instances recorded.
    nextInMs: () =>
      msUntilDue(db, {
        table: indexNowSubmissions,
        due: indexNowSubmissions.nextAttemptAt,
        leaseUntil: indexNowSubmissions.leaseUntil,
        where: eq(indexNowSubmissions.status, 'pending'),
      }),
    pollMs,
  })

  const absolute = (url: string) => new URL(url, origin).toString()

  return {
    enabled: Boolean(key),
    async announceChangedUrls(tx, urls) {
      if (!key) return
      const list = [...new Set(urls.map(absolute))].filter((url) => url.startsWith(`${origin}/`))
      for (let i = 0; i < list.length; i += MAX_URLS)
        await tx.insert(indexNowSubmissions).values({ id: randomUUID(), urls: list.slice(i, i + MAX_URLS) })
    },
    wake: loop.wake,
    start() {
      if (key) loop.start()
    },
    stop: loop.stop,
  }
}
