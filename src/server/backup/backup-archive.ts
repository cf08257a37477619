import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'
import type { DatabaseSnapshot } from './database-snapshot.js'

/**
 * A backup is one tar file: `manifest.json`, `database/<table>.ndjson` (one row per line, in load
 * order), `images/<key>` (every stored file the snapshot's images need), and last
 * `complete.json` with the SHA-256 of every entry. A file without a matching `complete.json` is
 * incomplete and is refused.
 */
export const BACKUP_FORMAT = 'costa-villas-backup'

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: 1
  createdAt: string
  source: 'pglite' | 'postgres'
  migrations: string[]
  tables: { name: string; rows: number }[]
  images: number
}

interface Completion {
  entries: Record<string, string>
  /** Files the snapshot named that were not there (uploads still being written at the moment). */
  missing: string[]
}

/** Writes entries into a tar stream, hashing each. */
export function createArchiveWriter(out: Writable) {
  const pack = tar.pack()
  const written = pipeline(pack, out)
  // `out` can fail before finish() awaits `written` (a backup client killed mid-stream): every
  // step then fails with it, and the rejection is handled from the start, or it ended the server.
  const failed = written.then(() => new Promise<never>(() => {}))
  failed.catch(() => {})
  const step = (work: Promise<void>) => Promise.race([work, failed])
  const hashes: Record<string, string> = {}
  const missing: string[] = []

  const addBuffer = (name: string, body: Buffer) =>
    step(
      new Promise<void>((resolve, reject) => {
        hashes[name] = createHash('sha256').update(body).digest('hex')
        const entry = pack.entry({ name, size: body.length }, body, (error) => (error ? reject(error) : resolve()))
        entry.on('error', reject)
      }),
    )

  return {
    addJson: (name: string, value: unknown) => addBuffer(name, Buffer.from(JSON.stringify(value, null, 2))),
    addBuffer,
    async addStream(name: string, size: number, body: Readable) {
      const hash = createHash('sha256')
      body.on('data', (chunk: Buffer) => hash.update(chunk))
      await step(
        new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()))
          body.on('error', reject)
          entry.on('error', (error) => {
            body.destroy()
            reject(error)
          })
          body.pipe(entry)
        }),
      )
      hashes[name] = hash.digest('hex')
    },
    noteMissing(name: string) {
      missing.push(name)
    },
    /** Adds complete.json and waits until everything reached `out`. */
    async finish() {
      const completion: Completion = { entries: { ...hashes }, missing }
      await addBuffer('complete.json', Buffer.from(JSON.stringify(completion, null, 2)))
      pack.finalize()
      await written
    },
  }
}

export interface BackupContents {
  manifest: BackupManifest
  snapshot: DatabaseSnapshot
  /** Image keys in the file, in order. */
  images: string[]
}

/**
 * Reads a backup file through, checking every entry against complete.json at the end. `onImage`
 * receives each image as it comes: check the file with a first read before writing anything.
 */
export async function readBackup(
  file: string,
  onImage?: (key: string, body: Buffer) => Promise<void>,
): Promise<BackupContents> {
  const extract = tar.extract()
  const reading = pipeline(createReadStream(file), extract)
  // Its failure also ends the loop below, which reports it; this only keeps it from going unheard.
  reading.catch(() => {})
  const hashes: Record<string, string> = {}
  let manifest: BackupManifest | undefined
  let completion: Completion | undefined
  const tables = new Map<string, string[]>()
  const images: string[] = []
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = []
      for await (const chunk of entry) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const name = entry.header.name
      if (name === 'complete.json') {
        completion = JSON.parse(body.toString('utf8')) as Completion
        continue
      }
      hashes[name] = createHash('sha256').update(body).digest('hex')
      if (name === 'manifest.json') {
        manifest = JSON.parse(body.toString('utf8')) as BackupManifest
        if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
          throw new Error(`${file} is not a backup of this site (format ${manifest.format} ${manifest.version})`)
      } else if (name.startsWith('database/') && name.endsWith('.ndjson')) {
        const text = body.toString('utf8')
        tables.set(name.slice('database/'.length, -'.ndjson'.length), text ? text.split('\n') : [])
      } else if (name.startsWith('images/')) {
        const key = name.slice('images/'.length)
        images.push(key)
        await onImage?.(key, body)
      }
    }
    await reading
  } catch (error) {
    throw new Error(`${file} cannot be read as a backup: ${(error as Error).message}`, { cause: error })
  }
  if (!manifest) throw new Error(`${file} is not a backup of this site (no manifest)`)
  if (!completion) throw new Error(`${file} is incomplete (the backup that wrote it did not finish)`)
  const expected = Object.keys(completion.entries).sort()
  const damaged = expected.filter((name) => hashes[name] !== completion!.entries[name])
  if (damaged.length > 0 || expected.length !== Object.keys(hashes).length)
    throw new Error(`${file} is damaged: ${damaged.slice(0, 5).join(', ') || 'unexpected entries'}`)
  const snapshot: DatabaseSnapshot = {
    migrations: manifest.migrations,
    tables: manifest.tables.map(({ name }) => ({ name, lines: tables.get(name) ?? [] })),
  }
  return { manifest, snapshot, images }
}
