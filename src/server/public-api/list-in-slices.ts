import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { MAX_LIST_LIMIT } from '../../shared/schemas/list-query.schema.js'
import type { ListPage } from '../services/translation-groups.js'
import type { ListInSlices } from './answer-json.js'
import { SLICE_MS } from './event-loop-turns.js'

// The first read of a whole list takes this many items; later reads as many as took SLICE_MS.
const FIRST_SLICE = 20
const SMALLEST_SLICE = 5

/**
 * What a public list call answers, given the service function that reads a slice of it. With a
 * `limit` (at most MAX_LIST_LIMIT) that is one read. Without one, the spec's default, it is the
 * whole list (10,000 projects, 15 MB, at 1,000 originals × 10 languages), read a slice at a time
 * through the same function, each slice as large as one event-loop slice allows: on PGlite a
 * query runs in this thread, so a single read of the whole list held the event loop for over a
 * second. The slices are not one snapshot; the answer cache builds again when content changed
 * while it read (answer-cache.ts).
 */
export function listAnswer<T>(page: ListPage, read: (slice: ListPage) => Promise<T[]>): Promise<T[]> | ListInSlices {
  if (page.limit !== undefined) return read(page)
  return {
    async eachSlice(take) {
      let offset = page.offset ?? 0
      let size = FIRST_SLICE
      for (;;) {
        const started = performance.now()
        const items = await read({ ...page, limit: size, offset })
        const took = performance.now() - started
        await take(items)
        if (items.length < size) return
        offset += items.length
        size = Math.round(Math.min(MAX_LIST_LIMIT, Math.max(SMALLEST_SLICE, (size * SLICE_MS) / Math.max(took, 1))))
        await nextTurn()
      }
    },
  }
}
