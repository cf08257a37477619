import { createHash } from 'node:crypto'
import { createTurns } from './event-loop-turns.js'

/**
 * A list produced a slice at a time (list-in-slices.ts): its answer is one JSON array, the same
 * bytes as JSON.stringify of the whole list, but the whole list is never held at once.
 */
export interface ListInSlices {
  readonly eachSlice: (take: (items: readonly unknown[]) => Promise<void>) => Promise<void>
}

export const isListInSlices = (value: unknown): value is ListInSlices =>
  typeof value === 'object' && value !== null && typeof (value as ListInSlices).eachSlice === 'function'

/** An answer's JSON text as UTF-8 chunks, with their total length and a SHA-1 of them. */
export interface AnswerJson {
  chunks: Buffer[]
  length: number
  /** base64url SHA-1 of the bytes: the answer's entity tag. */
  hash: string
}

// Strings are turned into bytes about this much at a time.
const CHUNK_CHARS = 256 * 1024

/**
 * The JSON text of what a builder answered, byte for byte what `JSON.stringify` (Fastify's
 * serializer) makes, without holding the event loop: a list's items are written one by one, with
 * a turn of the event loop whenever a slice of time has passed. Anything but a list (one
 * project, one page's text) is small and written at once.
 */
export async function answerJson(value: unknown): Promise<AnswerJson> {
  const out = createOutput()
  if (isListInSlices(value)) {
    out.write('[')
    let first = true
    await value.eachSlice(async (items) => {
      await out.items(items, first)
      if (items.length) first = false
    })
    out.write(']')
  } else if (Array.isArray(value)) {
    out.write('[')
    await out.items(value, true)
    out.write(']')
  } else {
    out.write(JSON.stringify(value) ?? 'null')
  }
  return out.end()
}

function createOutput() {
  const chunks: Buffer[] = []
  const hash = createHash('sha1')
  let pending: string[] = []
  let pendingChars = 0
  let length = 0
  const turn = createTurns()

  function flush() {
    if (pendingChars === 0) return
    const chunk = Buffer.from(pending.join(''), 'utf8')
    pending = []
    pendingChars = 0
    hash.update(chunk)
    chunks.push(chunk)
    length += chunk.length
  }

  function write(text: string) {
    pending.push(text)
    pendingChars += text.length
    if (pendingChars >= CHUNK_CHARS) flush()
  }

  return {
    write,
    async items(items: readonly unknown[], first: boolean) {
      for (const [index, item] of items.entries()) {
        // In an array, what JSON.stringify cannot write (undefined, a function) is null.
        const text = JSON.stringify(item) ?? 'null'
        write(first && index === 0 ? text : `,${text}`)
        await turn()
      }
    },
    end(): AnswerJson {
      flush()
      return { chunks, length, hash: hash.digest('base64url') }
    },
  }
}
