import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { MAX_LIST_LIMIT } from '../../shared/schemas/list-query.schema.js'
import type { ListPage } from '../services/translation-groups.js'
import type { ListInSlices } from './answer-json.js'
import { SLICE_MS } from './event-loop-turns.js'

// The first read of a whole list takes this many items; later reads as many as took SLICE_MS.
const FIRST_SLICE = 20
const SMALLEST_SLICE = 10

/**
 * What a public list call answers, given the service function that reads a slice of it and the
 * row an item stands at in the list's order (`cursor`: for a list of originals shown in a
 * language, its original). With a `limit` (at most MAX_LIST_LIMIT) that is one read. Without
 * one, the spec's default, it is the whole list (10,000 projects, 15 MB, at 1,000 originals × 10
 * languages), read a slice at a time through the same function, each slice after the last item
 * of the one before (ListPage.after) and as large as one event-loop slice allows: on PGlite a
 * query runs in this thread, and one read of the whole list held the event loop for over a
 * second. The slices are not one snapshot; the answer cache reads again when content changed
 * while it read (answer-cache.ts).
 */
export function listAnswer<T>(
  page: ListPage,
  read: (slice: ListPage) => Promise<T[]>,
  cursor: (item: T) => string,
): Promise<T[]> | ListInSlices {
  if (page.limit !== undefined) return read(page)
  return {
    async eachSlice(take) {
      let slice: ListPage = { ...page, limit: FIRST_SLICE }
      for (;;) {
        const started = performance.now()
        const items = await read(slice)
        const took = performance.now() - started
        await take(items)
        if (items.length < slice.limit!) return
        const size = Math.min(MAX_LIST_LIMIT, Math.max(SMALLEST_SLICE, (slice.limit! * SLICE_MS) / Math.max(took, 1)))
        slice = { ...page, offset: 0, after: cursor(items.at(-1)!), limit: Math.round(size) }
        await nextTurn()
      }
    },
  }
}
