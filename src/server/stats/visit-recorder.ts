import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import type { VisitCounter } from './visit-counter.js'
import { flushVisits } from './visit-store.js'

const FLUSH_EVERY_MS = 60_000

/**
 * Writes the counter's views to the database every minute and once more when the app closes
 * (after the last request, before the database closes). A flush that fails puts its views back
 * into the counter for the next one: the database being away for a while loses no views.
 */
export function createVisitRecorder(options: {
  db: Db
  counter: VisitCounter
  log: FastifyBaseLogger
  everyMs?: number
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  async function writeOnce() {
    const batch = options.counter.drain()
    try {
      await flushVisits(options.db, batch)
    } catch (error) {
      options.counter.restore(batch)
      options.log.warn({ err: error }, 'writing visit counts failed; kept for the next flush')
    }
  }

  /** One flush at a time: the next waits for the one under way. */
  const flush = () => (running = running.then(writeOnce))

  return {
    flush,
    start() {
      timer = setInterval(() => void flush(), options.everyMs ?? FLUSH_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
export type VisitRecorder = ReturnType<typeof createVisitRecorder>
