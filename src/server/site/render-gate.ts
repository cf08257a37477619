import { HttpError } from '../errors.js'

export const SITE_BUSY_MESSAGE = 'The site is busy. Please try again in a moment.'

/**
 * At most `concurrent` renders at once, at most `queued` waiting, each started on its own turn
 * of the event loop. A render is CPU on the event
 * loop: letting a flood of uncached addresses render all at once would make every visitor wait,
 * the ones served from the cache included. Past the queue, a 503 tells the client to come back.
 */
export function createRenderGate(concurrent: number, queued: number) {
  let running = 0
  const waiting: (() => void)[] = []

  return async function pass<T>(work: () => Promise<T>): Promise<T> {
    if (running < concurrent) running++
    else if (waiting.length >= queued) throw new HttpError(503, SITE_BUSY_MESSAGE, undefined, { 'retry-after': '5' })
    // A finished render hands its slot straight to the next in line (running stays the same).
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      // The next render starts on a later turn of the event loop, so the requests that arrived
      // meanwhile (cache hits above all) are answered first: a queue of renders never starves them.
      if (next) setImmediate(next)
      else running--
    }
  }
}
