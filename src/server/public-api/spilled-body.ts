import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/** An answer's bytes kept in a file instead of in memory. */
export interface SpilledBody {
  length: number
  /** The bytes, read from the file; the file stays open until every reader has closed. */
  stream(): Readable
  /** No new readers will come: the file closes (and its disk space returns) after the last. */
  release(): void
}

// A reader may be handed the body just before the cache lets go of it (an answer built by one
// request and sent to those that waited for it): the file stays open this long after a release.
const RELEASE_GRACE_MS = 1_000

/**
 * Writes the chunks to a new file in `dir` and removes its name at once: only the open handle
 * keeps it, so a crash leaves nothing behind and a start has nothing to clean. Each reader reads
 * by position, so any number read one file at the same time.
 */
export async function spill(dir: string, chunks: readonly Buffer[], length: number): Promise<SpilledBody> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${randomUUID()}.json`)
  const handle = await open(file, 'w+')
  try {
    await unlink(file)
    let position = 0
    for (const chunk of chunks) {
      for (let written = 0; written < chunk.length;) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.length - written, position + written)
        written += bytesWritten
      }
      position += chunk.length
    }
  } catch (error) {
    await handle.close()
    throw error
  }

  let readers = 0
  let released = false
  let closed = false
  const closeIfDone = () => {
    if (!released || readers > 0 || closed) return
    closed = true
    void handle.close().catch(() => {})
  }
  return {
    length,
    stream() {
      if (closed) throw new Error('spilled answer read after it was closed')
      readers++
      const stream = createReadStream('', { fd: handle.fd, start: 0, end: length - 1, autoClose: false })
      stream.once('close', () => {
        readers--
        closeIfDone()
      })
      return stream
    },
    release() {
      if (released) return
      released = true
      setTimeout(closeIfDone, RELEASE_GRACE_MS).unref()
    },
  }
}
