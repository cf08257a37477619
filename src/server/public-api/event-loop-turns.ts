import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * How long work that builds an answer may run before it lets the event loop answer others (the
 * issue's bound is 50 ms at a time; a slice is kept well under it, since one slice of a database
 * read can take longer than planned on a busy machine).
 */
export const SLICE_MS = 10

/**
 * Gives the event loop a turn (timers, sockets, other requests) once `SLICE_MS` have passed since
 * the last one. Awaited promises alone never let I/O in: their callbacks run before the loop
 * goes on, however long the chain.
 */
export function createTurns(sliceMs = SLICE_MS) {
  let since = performance.now()
  return async function turn(): Promise<void> {
    if (performance.now() - since < sliceMs) return
    await nextTurn()
    since = performance.now()
  }
}
