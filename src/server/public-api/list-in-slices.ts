import { setImmediate as nextTurn } from 'node:timers/promises'
import { MAX_LIST_LIMIT } from '../../shared/schemas/list-query.schema.js'
import type { ListPage } from '../services/translation-groups.js'
import type { ListInSlices } from './answer-json.js'

// The first read of a whole list takes this many items; later reads as many as took READ_MS of
// CPU (not of the clock: on a busy machine the clock also counts other processes' turns, and
// slices sized by it shrank to a few items, each paying a whole query's overhead). A read is one
// block of the event loop (its queries follow each other without a turn between): on PGlite a
// `select *` of projects costs several milliseconds before its first row, then ~0.1-0.2 ms a row.
const READ_MS = 15
const FIRST_SLICE = 30
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
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000

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
        const started = process.cpuUsage()
        const items = await read(slice)
        const took = cpuMs(process.cpuUsage(started))
        await take(items)
        if (items.length < slice.limit!) return
        const size = Math.min(MAX_LIST_LIMIT, Math.max(SMALLEST_SLICE, (slice.limit! * READ_MS) / Math.max(took, 1)))
        slice = { ...page, offset: 0, after: cursor(items.at(-1)!), limit: Math.round(size) }
        await nextTurn()
      }
    },
  }
}
