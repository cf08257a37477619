import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Executor } from '../db/client.js'
import { images } from '../db/schema.js'
import type { ImageStore } from './image-store.js'
import { contentTypeOf, keyId, keyToPath, masterKey, newImageId, pathToKey, variantKey } from './image-key.js'
import { prepareImage, resizeTo, variantWidthsFor } from './image-processing.js'

/** How long a shutdown waits for an AVIF encode in progress (they take seconds on a busy host). */
const STOP_WAIT_MS = 2000

/** An upload that never got attached to a record is removed after this long. */
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000

export interface ImageInfo {
  path: string
  width: number
  height: number
  variantWidths: number[]
  avifReady: boolean
}

export interface ImageService {
  /** Validates, strips and stores an upload with its WebP variants; answers the API path. */
  ingest(input: Buffer): Promise<string>
  /** Removes images a failed request stored (rows and files). */
  discard(paths: string[]): Promise<void>
  /** After a record changed: deletes every given image that no record references any more. */
  deleteUnreferenced(paths: Iterable<string>): Promise<void>
  /** Whether every path is an image this server stored. */
  allKnown(executor: Executor, paths: string[]): Promise<boolean>
  info(paths: string[]): Promise<Map<string, ImageInfo>>
  store: ImageStore
  /** Starts the background AVIF encoder and the orphan sweeper. */
  startBackgroundWork(): void
  stopBackgroundWork(): Promise<void>
}

export function createImageService(options: {
  db: Db
  store: ImageStore
  maxPixels: number
  log: FastifyBaseLogger
}): ImageService {
  const { db, store, maxPixels, log } = options
  const avif = createAvifQueue(db, store, log)
  let sweepTimer: NodeJS.Timeout | undefined

  const keysOf = (row: { path: string; variantWidths: number[]; avifReady: boolean }) => {
    const key = pathToKey(row.path)
    if (!key) return []
    const id = keyId(key)
    return [
      key,
      ...row.variantWidths.map((w) => variantKey(id, w, 'webp')),
      ...row.variantWidths.map((w) => variantKey(id, w, 'avif')),
    ]
  }

  // Files first, then rows: if deleting a file fails, the row stays and the sweeper retries.
  async function removeRows(paths: string[]) {
    if (paths.length === 0) return
    const rows = await db.select().from(images).where(inArray(images.path, paths))
    await store.delete(rows.flatMap(keysOf))
    await db.delete(images).where(inArray(images.path, paths))
  }

  async function sweepOrphans() {
    const cutoff = new Date(Date.now() - ORPHAN_GRACE_MS)
    const orphans = await db
      .select({ path: images.path })
      .from(images)
      .where(and(lt(images.createdAt, cutoff), sql`not ${isReferenced(sql`${images.path}`)}`))
    if (orphans.length > 0) log.info({ count: orphans.length }, 'removing unattached uploads')
    await removeRows(orphans.map((o) => o.path))
  }

  return {
    store,
    async ingest(input) {
      const prepared = await prepareImage(input, maxPixels)
      const id = newImageId()
      const key = masterKey(id, prepared.format)
      const path = keyToPath(key)
      const widths = variantWidthsFor(prepared.width)
      // The row first: if the process dies before the files are all written, the sweeper
      // still knows what to delete.
      await db.insert(images).values({
        path,
        width: prepared.width,
        height: prepared.height,
        format: prepared.format,
        bytes: prepared.master.length,
        variantWidths: widths,
      })
      try {
        await store.put(key, prepared.master, contentTypeOf(key))
        for (const width of widths) {
          const webp = await resizeTo(prepared.master, width, 'webp')
          await store.put(variantKey(id, width, 'webp'), webp, 'image/webp')
        }
      } catch (error) {
        await removeRows([path]).catch((e) => log.error(e, 'could not remove a failed upload'))
        throw error
      }
      avif.wake()
      return path
    },
    discard: removeRows,
    async deleteUnreferenced(paths) {
      const candidates = [...new Set(paths)].filter((p) => pathToKey(p))
      if (candidates.length === 0) return
      const unreferenced = await db
        .select({ path: images.path })
        .from(images)
        .where(and(inArray(images.path, candidates), sql`not ${isReferenced(sql`${images.path}`)}`))
      await removeRows(unreferenced.map((r) => r.path))
    },
    async allKnown(executor, paths) {
      const unique = [...new Set(paths)]
      if (unique.length === 0) return true
      const found = await executor.select({ path: images.path }).from(images).where(inArray(images.path, unique))
      return found.length === unique.length
    },
    async info(paths) {
      const unique = [...new Set(paths)]
      const rows = unique.length ? await db.select().from(images).where(inArray(images.path, unique)) : []
      return new Map(rows.map((r) => [r.path, r]))
    },
    startBackgroundWork() {
      avif.wake()
      const sweep = () => sweepOrphans().catch((error) => log.error(error, 'orphan sweep failed'))
      sweep()
      sweepTimer = setInterval(sweep, 6 * 60 * 60 * 1000)
      sweepTimer.unref()
    },
    async stopBackgroundWork() {
      clearInterval(sweepTimer)
      await avif.stop()
    },
  }
}

/** SQL: does any project or review still point at this image path? */
function isReferenced(path: ReturnType<typeof sql>) {
  return sql`(exists (select 1 from projects p where p.featured_image = ${path}
      or p.gallery_banner_image = ${path}
      or p.gallery_images @> jsonb_build_array(${path}::text)
      or p.amenities @> jsonb_build_array(jsonb_build_object('image', ${path}::text)))
    or exists (select 1 from reviews r where r.featured_image = ${path}))`
}

/**
 * AVIF takes seconds per image (NOTES), so it is made one image at a time, after the upload
 * has answered. The queue is the images table itself: a restart picks up where it stopped.
 */
function createAvifQueue(db: Db, store: ImageStore, log: FastifyBaseLogger) {
  let running: Promise<void> | undefined
  let stopped = false
  let again = false

  async function drain() {
    while (!stopped) {
      const [next] = await db.select().from(images).where(eq(images.avifReady, false)).limit(1)
      if (!next) return
      const key = pathToKey(next.path)
      const written: string[] = []
      try {
        const master = key ? await store.get(key) : null
        if (key && master) {
          const buffer = await streamToBuffer(master.body)
          for (const width of next.variantWidths) {
            if (stopped) break
            const variant = variantKey(keyId(key), width, 'avif')
            await store.put(variant, await resizeTo(buffer, width, 'avif'), 'image/avif')
            written.push(variant)
          }
        }
      } catch (error) {
        log.warn({ err: error, path: next.path }, 'AVIF variant failed; WebP stays in use')
      }
      // Marked done even after a failure, so one bad image never blocks the queue (a stop midway
      // leaves it for the next start).
      const [still] = stopped
        ? await db.select({ path: images.path }).from(images).where(eq(images.path, next.path))
        : await db
            .update(images)
            .set({ avifReady: true })
            .where(eq(images.path, next.path))
            .returning({ path: images.path })
      // The image was deleted while its variants were being made: its row is gone, so nothing
      // else will ever remove what was just written.
      if (!still) await store.delete(written)
      if (stopped) return
    }
  }

  return {
    wake() {
      if (stopped) return
      if (running) {
        again = true
        return
      }
      running = (async () => {
        do {
          again = false
          await drain().catch((error) => log.error(error, 'AVIF queue stopped'))
        } while (again && !stopped)
        running = undefined
      })()
    },
    /** Waits briefly for the current encode; an unfinished image is simply redone next start. */
    async stop() {
      stopped = true
      let timer: NodeJS.Timeout | undefined
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))])
      clearTimeout(timer)
    },
  }
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}
