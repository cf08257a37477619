import { randomBytes } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { PageCache } from '../site/page-cache.js'
import type { RedirectTable } from '../site/redirect-table.js'
import type { CountView } from '../site/ssr.js'
import { StartupRefusal } from '../workers.js'
import type { CacheThreadOptions, FromThread, ToThread } from './messages.js'
import { withSmallYoungGeneration } from './young-generation.js'

/** The token the thread sends with each request it passes on (from-thread.ts). */
export const newCacheThreadToken = () => randomBytes(24).toString('base64url')

export interface CacheThread {
  /** The public address the thread listens on. */
  address: string
  /** Stops taking connections; resolves once the answers under way are out. */
  close(): Promise<void>
  /** Ends every connection still open (the shutdown's grace is over). */
  closeAll(): void
  /** The thread's V8 heap as it last said (every few seconds). */
  heapBytes(): number
}

export interface StartCacheThreadOptions extends CacheThreadOptions {
  cache: PageCache | null
  redirects: RedirectTable
  countView: CountView
  log: FastifyBaseLogger
}

/**
 * Built, the thread is thread.js. Run from the sources with tsx (the tests), it is thread.ts, and
 * the worker registers tsx itself: Node 20 does not apply the process's --import to a worker.
 */
function threadEntry(): { entry: string | URL; evaluate: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./thread.js', import.meta.url), evaluate: false }
  const tsx = import.meta.resolve('tsx/esm/api')
  const thread = new URL('./thread.ts', import.meta.url).href
  const entry = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(thread)}) })`
  return { entry, evaluate: true }
}

// The thread holds connections, headers and its copy's bookkeeping; the pages' bodies are shared.
const THREAD_HEAP_MB = 64

/**
 * CACHE_THREAD (decision 163): starts the thread that takes the visitors' connections, keeps its
 * copy of the page cache and the redirects current, and counts what it answered here.
 */
export function startCacheThread({ cache, redirects, countView, log, ...options }: StartCacheThreadOptions) {
  const { entry, evaluate } = threadEntry()
  const worker = withSmallYoungGeneration(
    () =>
      new Worker(entry, {
        eval: evaluate,
        workerData: options,
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      }),
  )
  const send = (message: ToThread) => worker.postMessage(message)
  let closed: (() => void) | undefined
  let heapBytes = 0

  return new Promise<CacheThread>((resolve, reject) => {
    worker.on('message', (message: FromThread) => {
      switch (message.type) {
        case 'listening':
          follow()
          return resolve({
            address: message.address,
            close: () =>
              new Promise<void>((done) => {
                closed = done
                send({ type: 'close' })
              }),
            closeAll: () => send({ type: 'close-all' }),
            heapBytes: () => heapBytes,
          })
        case 'listen-failed':
          return reject(
            new StartupRefusal(`The server could not listen on ${options.host}:${options.port}: ${message.message}`),
          )
        case 'answered':
          for (const [key, count] of message.hits) cache?.countHits(key, count)
          for (const view of message.views) countView(view, view.status, view.contentType, view.times)
          return
        case 'heap':
          heapBytes = message.totalBytes
          return
        case 'closed':
          void worker.terminate()
          return closed?.()
      }
    })
    // Without its thread the server takes no visitor: better ended, and restarted by its supervisor.
    worker.on('error', (error) => {
      log.fatal({ err: error }, 'the cache thread failed; stopping')
      process.exit(1)
    })
  })

  function follow() {
    redirects.watch((table) => send({ type: 'redirects', table }))
    cache?.watch({
      stored: (entry) =>
        send({
          type: 'page',
          key: entry.key,
          status: entry.page.status,
          contentType: entry.page.headers['content-type'],
          wire: entry.wire,
          body: entry.page.body,
          gzip: entry.gzip,
          br: entry.br,
          generation: entry.generation,
        }),
      removed: (key) => send({ type: 'removed', key }),
      generation: (generation, cleared) => send({ type: 'generation', generation, cleared }),
    })
  }
}
