import sharp from 'sharp'
import type { Metrics } from './metrics.js'

// Where the resident memory goes (issue 44, decision 129), read at scrape time. `external` holds
// PGlite's WebAssembly memory (an ArrayBuffer) and page bodies; `native` is what is left of the
// RSS: libvips' and the allocator's (glibc arenas, MALLOC_ARENA_MAX), Node's own code and stacks.

// The cache thread's V8 heap (decision 163): another isolate, so not in process.memoryUsage().
let cacheThreadHeap: (() => number) | undefined

/** Reports the cache thread's heap as the part `cache_thread_heap`, taken out of `native`. */
export function countCacheThreadHeap(read: () => number) {
  cacheThreadHeap = read
}

export interface MemoryParts {
  rss: number
  v8_heap_total: number
  v8_heap_used: number
  external: number
  array_buffers: number
  pglite_wasm: number
  libvips_tracked: number
  native: number
  /** Only while a cache thread runs. */
  cache_thread_heap?: number
}

export function memoryParts(wasmMemoryBytes?: () => number): MemoryParts {
  const usage = process.memoryUsage()
  // libvips' own count of the pixel buffers it holds now (its operation cache is off).
  const vips = sharp.cache().memory.current * 1024 * 1024
  const thread = cacheThreadHeap?.() ?? 0
  return {
    rss: usage.rss,
    v8_heap_total: usage.heapTotal,
    v8_heap_used: usage.heapUsed,
    external: usage.external,
    array_buffers: usage.arrayBuffers,
    pglite_wasm: wasmMemoryBytes?.() ?? 0,
    libvips_tracked: vips,
    native: Math.max(0, usage.rss - usage.heapTotal - usage.external - thread),
    ...(cacheThreadHeap && { cache_thread_heap: thread }),
  }
}

export function registerMemoryMetrics(metrics: Metrics, wasmMemoryBytes?: () => number) {
  metrics.registerGauge({
    name: 'process_memory_part_bytes',
    help: 'Resident memory and its parts: V8 heap, external (PGlite WebAssembly included), libvips, native rest',
    labelNames: ['part'],
    read: () => Object.entries(memoryParts(wasmMemoryBytes)).map(([part, value]) => ({ labels: { part }, value })),
  })
}
