import { repeatEvery } from './background-loop.js'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { Database } from './db/client.js'
import { contentVersion } from './db/schema.js'
import { selectRows } from './db/select-rows.js'
import { singleFlight } from './single-flight.js'

const CHANNEL = 'content_changed'
/**
 * How long the start waits for the listener's first connection. Until it is subscribed, a page
 * rendered here could miss another instance's change, so its connection drops every stored page:
 * a connection made after the server listens threw away the warm-up's pages and the first
 * visitors' (on a slow machine, a second after the start). A database this slow to answer is
 * waited for no longer: the listener keeps trying, and drops what was stored when it connects.
 */
const FIRST_CONNECT_WAIT_MS = 5_000

export interface ContentSync {
  /** After a committed change made here: bumps the shared version and tells the other instances. */
  announce(): void
  /** Subscribes to other instances' changes; resolves once subscribed (or after a bounded wait). */
  start(): Promise<void>
  stop(): Promise<void>
}

export interface ContentSyncOptions {
  database: Database
  log: FastifyBaseLogger
  /** Another instance changed content, or this one may have missed that it did. */
  onRemoteChange(): void
  /** The backstop: how often the shared version is compared with the last one seen. */
  checkIntervalMs?: number
}

/**
 * Keeps every instance's rendered pages current when several share one PostgreSQL database. A
 * change bumps the row in content_version and sends NOTIFY in the same statement (so the
 * notification leaves at commit); each instance LISTENs on a connection of its own and drops
 * its pages when another instance's notification arrives, when its listener (re)connects
 * (notifications sent meanwhile are lost), and when a periodic look at the version finds one it
 * has not seen. PGlite is one process: it only bumps the version.
 */
export function createContentSync(options: ContentSyncOptions): ContentSync {
  const { database, log, onRemoteChange } = options
  const checkIntervalMs = options.checkIntervalMs ?? 5_000
  const instance = randomUUID()
  let seen: number | undefined
  let listener: { close(): Promise<void> } | undefined
  let stopChecks = () => {}

  const remoteChange = (why: string) => {
    log.debug({ why }, 'content changed elsewhere; dropping rendered pages')
    onRemoteChange()
  }

  async function bump() {
    const [row] = await selectRows<{ version: string | number }>(
      database.db,
      sql`with bumped as (
          insert into ${contentVersion} (id, version, changed_at) values (1, 1, now())
          on conflict (id) do update set version = ${contentVersion}.version + 1, changed_at = now()
          returning version)
        select version, pg_notify(${CHANNEL}, ${instance} || ':' || version) from bumped`,
    )
    const version = Number(row!.version)
    // Another instance's change slipped in since the last look: its notification may come late.
    if (seen !== undefined && version !== seen + 1) remoteChange('version skipped')
    seen = version
  }

  async function check() {
    const [row] = await database.db.select({ version: contentVersion.version }).from(contentVersion)
    const version = row?.version ?? 0
    if (seen !== undefined && version !== seen) remoteChange('version check')
    seen = version
  }

  const announcer = singleFlight(bump, { onError: (error) => log.error(error, 'could not announce a content change') })

  return {
    announce: announcer.wake,
    async start() {
      if (!database.listen) return
      let subscribed = () => {}
      const firstConnect = new Promise<void>((resolve) => (subscribed = resolve))
      listener = database.listen(CHANNEL, {
        onNotify(payload) {
          const [origin, version] = payload.split(':')
          if (origin === instance) return
          seen = Math.max(seen ?? 0, Number(version) || 0)
          remoteChange('notification')
        },
        onConnect() {
          remoteChange('listener connected')
          subscribed()
        },
        onError(error) {
          log.warn({ err: error }, 'content change listener lost its connection; reconnecting')
        },
      })
      stopChecks = repeatEvery(checkIntervalMs, check, (error) =>
        log.warn({ err: error }, 'content version check failed'),
      )
      let timer: NodeJS.Timeout | undefined
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS)))
      await Promise.race([firstConnect, waited])
      clearTimeout(timer)
    },
    async stop() {
      stopChecks()
      await announcer.stop()
      await listener?.close()
    },
  }
}
