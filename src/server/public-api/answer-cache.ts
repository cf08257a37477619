import { type AnswerJson, answerJson } from './answer-json.js'
import { type AnswerEncoding, compressAnswer } from './compress-answer.js'
import { spill, type SpilledBody } from './spilled-body.js'

export type Encoding = AnswerEncoding | 'identity'

/** One encoding of an answer: its bytes in memory, or in a file. */
export type AnswerForm = { length: number; bytes: Buffer; file?: undefined } | { length: number; file: SpilledBody }

/** A built answer: the same JSON in every encoding, with the SHA-1 of its uncompressed bytes. */
export interface Answer {
  hash: string
  forms: Record<Encoding, AnswerForm>
  /** What keeping it costs: bytes in memory (with bookkeeping), bytes in files. */
  memoryBytes: number
  diskBytes: number
}

export interface AnswerCacheOptions {
  /** Memory the kept answers may take; 0 keeps none (every call builds; for measuring). */
  maxBytes: number
  /** Disk the kept answers' files may take. */
  maxDiskBytes: number
  /** An encoding larger than this is kept in a file under `spillDir` rather than in memory. */
  spillOverBytes: number
  spillDir: string
}

/** What a build gives to the cache: a value to send as JSON, or a list read in slices. */
export type BuildAnswer = () => unknown

// What an entry costs beside its bytes: key, headers, bookkeeping (an estimate, as for pages).
const ENTRY_OVERHEAD = 1024
// Reads again at most this often when content keeps changing while a list is read.
const MAX_ATTEMPTS = 3

/**
 * The public API's answers (answered like pages: decision 070), kept by key until content
 * changes. The cache knows nothing of what it keeps: a route gives a key and a function that
 * builds the answer (any value, or a list in slices), so what the builders read can change
 * (drafts, publishing) without touching it.
 *
 * - Built once however many ask at the same moment; a build that began before a content change
 *   is not kept, and is read again when the change came while it read (its slices may not agree).
 * - Compressed once per build, brotli and gzip, on the thread pool.
 * - Bounded: memory (`maxBytes`) and files (`maxDiskBytes`), least recently used first out; an
 *   encoding over `spillOverBytes` (the uncompressed whole lists) is kept in a file.
 */
export function createAnswerCache(options: AnswerCacheOptions) {
  const entries = new Map<string, Answer>()
  const builds = new Map<string, { version: number; answer: Promise<Answer> }>()
  let version = 0
  let memoryBytes = 0
  let diskBytes = 0
  let stopped = false
  const stats = { builds: 0, rebuilds: 0, hits: 0, misses: 0, spilled: 0 }

  function release(answer: Answer) {
    for (const form of Object.values(answer.forms)) form.file?.release()
  }

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    memoryBytes -= entry.memoryBytes
    diskBytes -= entry.diskBytes
    release(entry)
  }

  // Oldest used first out: a Map iterates in insertion order, and a hit re-inserts.
  function shrink() {
    for (const [key] of entries) {
      if (memoryBytes <= options.maxBytes && diskBytes <= options.maxDiskBytes) break
      remove(key)
    }
  }

  /** The JSON of a build, read again (up to a point) when content changed while it was read. */
  async function readJson(build: BuildAnswer, running: { version: number }): Promise<AnswerJson> {
    for (let attempt = 1; ; attempt++) {
      running.version = version
      stats.builds++
      const json = await answerJson(await build())
      if (running.version === version || attempt === MAX_ATTEMPTS) return json
      stats.rebuilds++
    }
  }

  async function make(key: string, build: BuildAnswer, running: { version: number }): Promise<Answer> {
    const json = await readJson(build, running)
    const [br, gzip] = await Promise.all([
      compressAnswer(json.chunks, json.length, 'br'),
      compressAnswer(json.chunks, json.length, 'gzip'),
    ])
    const keep = () => !stopped && options.maxBytes > 0 && running.version === version
    if (!keep()) return inMemory(json, br, gzip)
    const answer = await keptForm(json, br, gzip)
    if (!keep() || answer.memoryBytes > options.maxBytes || answer.diskBytes > options.maxDiskBytes) {
      release(answer)
      return answer
    }
    remove(key)
    entries.set(key, answer)
    memoryBytes += answer.memoryBytes
    diskBytes += answer.diskBytes
    shrink()
    return answer
  }

  /** An answer to send and forget (not kept): every encoding in memory. */
  function inMemory(json: AnswerJson, br: Buffer, gzip: Buffer): Answer {
    const identity = Buffer.concat(json.chunks, json.length)
    return {
      hash: json.hash,
      forms: {
        identity: { length: identity.length, bytes: identity },
        br: { length: br.length, bytes: br },
        gzip: { length: gzip.length, bytes: gzip },
      },
      memoryBytes: identity.length + br.length + gzip.length + ENTRY_OVERHEAD,
      diskBytes: 0,
    }
  }

  /** An answer to keep: encodings over `spillOverBytes` go to files. */
  async function keptForm(json: AnswerJson, br: Buffer, gzip: Buffer): Promise<Answer> {
    const answer: Answer = { hash: json.hash, forms: {} as Answer['forms'], memoryBytes: ENTRY_OVERHEAD, diskBytes: 0 }
    const forms: [Encoding, readonly Buffer[], number][] = [
      ['identity', json.chunks, json.length],
      ['br', [br], br.length],
      ['gzip', [gzip], gzip.length],
    ]
    for (const [encoding, chunks, length] of forms) {
      if (length > options.spillOverBytes) {
        answer.forms[encoding] = { length, file: await spill(options.spillDir, chunks, length) }
        answer.diskBytes += length
        stats.spilled++
      } else {
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)
        answer.forms[encoding] = { length, bytes }
        answer.memoryBytes += length
      }
    }
    return answer
  }

  return {
    stats,
    get size() {
      return entries.size
    },
    get memoryBytes() {
      return memoryBytes
    },
    get diskBytes() {
      return diskBytes
    },

    /**
     * The answer kept under `key`, or the one being built for it, or a new build. `state` says
     * whether it was kept (`hit`) or built for this request or one at the same moment (`miss`).
     */
    async get(key: string, build: BuildAnswer): Promise<{ answer: Answer; state: 'hit' | 'miss' }> {
      const entry = entries.get(key)
      if (entry) {
        entries.delete(key)
        entries.set(key, entry)
        stats.hits++
        return { answer: entry, state: 'hit' }
      }
      stats.misses++
      let running = builds.get(key)
      // A build that started before the last change is not shared with those who asked after it.
      if (!running || running.version !== version) {
        const started: { version: number; answer: Promise<Answer> } = { version, answer: Promise.resolve(null!) }
        started.answer = make(key, build, started).finally(() => {
          if (builds.get(key) === started) builds.delete(key)
        })
        builds.set(key, started)
        running = started
      }
      return { answer: await running.answer, state: 'miss' }
    },

    /** Content changed (here or on another instance): nothing kept is current any more. */
    invalidate() {
      version++
      for (const key of [...entries.keys()]) remove(key)
    },

    /** Keeps nothing more and waits for the builds under way (before the database closes). */
    async stop() {
      stopped = true
      for (const key of [...entries.keys()]) remove(key)
      await Promise.allSettled([...builds.values()].map((running) => running.answer))
    },
  }
}
export type AnswerCache = ReturnType<typeof createAnswerCache>
