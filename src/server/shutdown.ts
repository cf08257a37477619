import type { FastifyInstance } from 'fastify'
import type { CacheThread } from './cache-thread/start.js'

/** How long closing the database and the rest may take once the connections are gone. */
const CLOSE_DEADLINE_MS = 15_000

export interface ShutdownOptions {
  app: FastifyInstance
  /** CACHE_THREAD: the thread holding the visitors' connections, closed before Fastify. */
  cacheThread?: () => CacheThread | undefined
  /** How long requests in flight may take before their connections are ended. */
  graceMs: number
  /** Run in order once the app is closed: stop background work, close the database, unlock. */
  closeSteps: { name: string; run: () => Promise<void> }[]
}

/**
 * SIGTERM or SIGINT: stop accepting, let requests in flight finish for up to the grace, then end
 * the connections still open (a slow upload, a stalled client), and in every case close the
 * database and release the data folder before exiting. An orchestrator's usual 30 s before
 * SIGKILL covers the 25 s default grace plus the close.
 */
export function closeOnSignals({ app, cacheThread, graceMs, closeSteps }: ShutdownOptions): void {
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    // Whatever happens below, the process ends.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting')
      process.exit(1)
    }, graceMs + CLOSE_DEADLINE_MS).unref()
    // Node closes only the keep-alive connections idle at the moment of close; one whose response
    // is still going out would then stay open for the whole keep-alive timeout, past the grace.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100)
    closeIdle.unref()
    // The thread's connections first: what it passed on finishes in Fastify, which closes after.
    const thread = cacheThread?.()
    const closed = (thread ? thread.close() : Promise.resolve())
      .then(() => app.close())
      .then(
        () => true,
        (error: Error) => {
          app.log.error(error, 'closing the app failed')
          return true
        },
      )
    let graceTimer: NodeJS.Timeout | undefined
    const graceOver = new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), graceMs)))
    if (!(await Promise.race([closed, graceOver]))) {
      app.log.warn({ graceMs }, 'requests still running after the grace; ending their connections')
      thread?.closeAll()
      app.server.closeAllConnections()
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))])
    }
    clearTimeout(graceTimer)
    clearInterval(closeIdle)
    let failed = false
    for (const step of closeSteps) {
      try {
        await step.run()
      } catch (error) {
        failed = true
        app.log.error(error, `shutdown: ${step.name} failed`)
      }
    }
    app.log.info('stopped: database closed, data folder released')
    process.exit(failed ? 1 : 0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
