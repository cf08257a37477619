import sharp from 'sharp'
import type { Metrics } from './metrics.js'

// Where the resident memory goes (issue 44, decision 129), read at scrape time. `external` holds
// PGlite's WebAssembly memory (an ArrayBuffer) and page bodies; `native` is what is left of the
// RSS: libvips' and the allocator's (glibc arenas, MALLOC_ARENA_MAX), Node's own code and stacks.

// Heaps of other isolates in this process (the cache thread's), each a part of its own.
const otherHeaps = new Map<string, () => number>()

/** Reports another isolate's heap as a part (`name`), taken out of `native`. */
export function addHeapPart(name: string, read: () => number) {
  otherHeaps.set(name, read)
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
  [otherHeap: string]: number
}

export function memoryParts(wasmMemoryBytes?: () => number): MemoryParts {
  const usage = process.memoryUsage()
  // libvips' own count of the pixel buffers it holds now (its operation cache is off).
  const vips = sharp.cache().memory.current * 1024 * 1024
  const others = Object.fromEntries([...otherHeaps].map(([name, read]) => [name, read()]))
  const othersTotal = Object.values(others).reduce((sum, bytes) => sum + bytes, 0)
  return {
    rss: usage.rss,
    v8_heap_total: usage.heapTotal,
    v8_heap_used: usage.heapUsed,
    external: usage.external,
    array_buffers: usage.arrayBuffers,
    pglite_wasm: wasmMemoryBytes?.() ?? 0,
    libvips_tracked: vips,
    native: Math.max(0, usage.rss - usage.heapTotal - usage.external - othersTotal),
    ...others,
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
