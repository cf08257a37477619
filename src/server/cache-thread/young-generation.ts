import { setFlagsFromString } from 'node:v8'
import type { Worker } from 'node:worker_threads'

// The cache thread's young generation. V8's --max-semi-space-size (npm start's 8 MB, which the
// renders want) applies to every isolate the process makes and overrides a worker's
// resourceLimits, which would give the thread 16 MB of young objects it does not need. So the flag
// is lowered while the thread's isolate is made, and put back once it runs (docs/performance.md,
// "Cached pages"). V8 reads it only when it makes an isolate's heap.
const THREAD_SEMI_SPACE_MB = 1

/** The process's own setting (npm start's flag or NODE_OPTIONS); 0 is V8's "size it yourself". */
const processSemiSpaceMb = () =>
  [...process.execArgv, process.env.NODE_OPTIONS ?? '']
    .join(' ')
    .match(/--max[-_]semi[-_]space[-_]size[= ](\d+)/)?.[1] ?? '0'

/** Starts a worker whose isolate gets a 1 MB semi-space, whatever the process's flag says. */
export function withSmallYoungGeneration(start: () => Worker): Worker {
  const restore = () => setFlagsFromString(`--max-semi-space-size=${processSemiSpaceMb()}`)
  setFlagsFromString(`--max-semi-space-size=${THREAD_SEMI_SPACE_MB}`)
  try {
    return start().once('online', restore).once('error', restore)
  } catch (error) {
    restore()
    throw error
  }
}
