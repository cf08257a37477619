import { and, asc, eq, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { deletionsAllowed } from '../backup/deletion-hold.js'
import type { Db, Executor } from '../db/client.js'
import { images } from '../db/schema.js'
import type { ImageStore } from './image-store.js'
import {
  contentTypeOf,
  imageFileKeys,
  keyId,
  keyToPath,
  masterKey,
  newImageId,
  pathToKey,
  variantKey,
} from './image-key.js'
import type { VariantFormat } from '../../shared/image-variants.js'
import { singleFlight } from '../single-flight.js'
import { missingWidths, prepareImage, resizeTo, variantWidthsFor } from './image-processing.js'

/** An upload that never got attached to a record is removed after this long. */
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000

/** How long an instance holds an image while it encodes its AVIF variants. */
const AVIF_LEASE_MS = 10 * 60 * 1000

/** Images other instances left (they died while encoding) are looked for this often. */
const AVIF_POLL_MS = 5 * 60 * 1000

/** Released images whose time is up are looked for this often (at most). */
const RELEASE_SWEEP_MS = 5 * 60 * 1000

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
  /**
   * After a record changed: every given image that no record references any more is released,
   * and deleted once `releasedKeepMs` has passed (at once when it is 0).
   */
  deleteUnreferenced(paths: Iterable<string>): Promise<void>
  /** Whether every path is an image this server stored. */
  allKnown(executor: Executor, paths: string[]): Promise<boolean>
  info(paths: string[]): Promise<Map<string, ImageInfo>>
  store: ImageStore
  /** Starts the background AVIF encoder and the sweepers of orphans and released images. */
  startBackgroundWork(): void
  stopBackgroundWork(): Promise<void>
}

export function createImageService(options: {
  db: Db
  store: ImageStore
  maxPixels: number
  log: FastifyBaseLogger
  /** SQL: does any record still show the image at this path? Asked of every content module. */
  isReferenced(path: SQL): SQL
  /** Background work made new variants (AVIF, new widths): pages rendered before do not offer them yet. */
  onVariantsMade(): void
  /**
   * How long a released image keeps its files (RELEASED_IMAGES_KEEP_MINUTES): pages a visitor
   * already has open, or was just sent from the cache, still show it (decision 161).
   */
  releasedKeepMs: number
}): ImageService {
  const { db, store, maxPixels, log, isReferenced, releasedKeepMs } = options
  const avif = createAvifQueue(db, store, log, options.onVariantsMade)
  let sweepTimer: NodeJS.Timeout | undefined
  let releaseTimer: NodeJS.Timeout | undefined
  let avifTimer: NodeJS.Timeout | undefined

  const keysOf = (row: { path: string; variantWidths: number[] }) => imageFileKeys(row, true)

  // Files first, then rows: if deleting a file fails, the row stays and the sweeper retries.
  // While a backup is copying images nothing is deleted; the sweeper removes them later.
  async function removeRows(paths: string[]) {
    if (paths.length === 0) return
    await db.transaction(async (tx) => {
      if (!(await deletionsAllowed(tx))) {
        log.info({ count: paths.length }, 'a backup is running; image deletion left to the sweeper')
        return
      }
      // Locked: the AVIF encoder's "done" update waits for this deletion, then finds no row and
      // removes what it wrote meanwhile (unlocked, it could mark the image done after its files
      // were listed here, and a variant would outlive its row).
      const rows = await tx.select().from(images).where(inArray(images.path, paths)).for('update')
      await store.delete(rows.flatMap(keysOf))
      await tx.delete(images).where(inArray(images.path, paths))
    })
  }

  async function sweepOrphans() {
    const cutoff = new Date(Date.now() - ORPHAN_GRACE_MS)
    const orphans = await db
      .select({ path: images.path })
      .from(images)
      .where(and(lt(images.createdAt, cutoff), isNull(images.releasedAt), not(isReferenced(sql`${images.path}`))))
    if (orphans.length > 0) log.info({ count: orphans.length }, 'removing unattached uploads')
    await removeRows(orphans.map((o) => o.path))
  }

  const unreferenced = async (paths: string[]) =>
    paths.length === 0
      ? []
      : (
          await db
            .select({ path: images.path })
            .from(images)
            .where(and(inArray(images.path, paths), not(isReferenced(sql`${images.path}`))))
        ).map((row) => row.path)

  async function sweepReleased() {
    const cutoff = new Date(Date.now() - releasedKeepMs)
    // Shown again since (a restore, an undo): kept, and released anew when let go again.
    await db
      .update(images)
      .set({ releasedAt: null })
      .where(and(lt(images.releasedAt, cutoff), isReferenced(sql`${images.path}`)))
    const due = await db
      .select({ path: images.path })
      .from(images)
      .where(and(lt(images.releasedAt, cutoff), not(isReferenced(sql`${images.path}`))))
    await removeRows(due.map((row) => row.path))
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
      // still knows what to delete. It is held (leased) until its files exist, so the AVIF
      // queue, awake from an earlier upload, does not claim it before its master is written.
      await db.insert(images).values({
        avifLeaseUntil: new Date(Date.now() + AVIF_LEASE_MS),
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
      await db.update(images).set({ avifLeaseUntil: null }).where(eq(images.path, path))
      avif.wake()
      return path
    },
    discard: removeRows,
    async deleteUnreferenced(paths) {
      const released = await unreferenced([...new Set(paths)].filter((p) => pathToKey(p)))
      if (releasedKeepMs === 0) return removeRows(released)
      if (released.length === 0) return
      await db.update(images).set({ releasedAt: new Date() }).where(inArray(images.path, released))
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
      avifTimer = setInterval(avif.wake, AVIF_POLL_MS)
      avifTimer.unref()
      const sweepReleases = () => sweepReleased().catch((error) => log.error(error, 'released image sweep failed'))
      sweepReleases()
      if (releasedKeepMs > 0) {
        releaseTimer = setInterval(sweepReleases, Math.min(RELEASE_SWEEP_MS, Math.max(1000, releasedKeepMs / 4)))
        releaseTimer.unref()
      }
    },
    async stopBackgroundWork() {
      clearInterval(sweepTimer)
      clearInterval(avifTimer)
      clearInterval(releaseTimer)
      await avif.stop()
    },
  }
}

/**
 * AVIF takes seconds per image (NOTES), so it is made one image at a time, after the upload
 * has answered. The queue is the images table itself: a restart picks up where it stopped, and
 * each instance claims the image it encodes (as the outbox claims deliveries), so two instances
 * never encode the same one and an instance that died lets go when its lease runs out.
 *
 * The same worker gives images stored before a change of `IMAGE_WIDTHS` the widths they lack
 * (WebP, and AVIF when theirs are done), so pages offer every image at today's sizes.
 */
function createAvifQueue(db: Db, store: ImageStore, log: FastifyBaseLogger, onVariantsMade: () => void) {
  let stopped = false
  const lease = sql`now() + ${AVIF_LEASE_MS} * interval '1 millisecond'`
  const unleased = or(isNull(images.avifLeaseUntil), lt(images.avifLeaseUntil, sql`now()`))

  async function claimNext() {
    const next = db
      .select({ path: images.path })
      .from(images)
      .where(and(eq(images.avifReady, false), unleased))
      .orderBy(asc(images.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    const [claimed] = await db
      .update(images)
      .set({ avifLeaseUntil: lease })
      .where(inArray(images.path, next))
      .returning()
    return claimed
  }

  /**
   * Writes the image's variants at these widths in these formats (the master read once), adding
   * each key to `written` as it goes, so a failure midway knows what exists. Answers whether all
   * were written (not when the master is gone or the server is stopping).
   */
  async function writeVariants(path: string, widths: number[], formats: VariantFormat[], written: string[]) {
    const key = pathToKey(path)
    const master = key ? await store.get(key) : null
    if (!key || !master) return false
    const buffer = await streamToBuffer(master.body)
    for (const format of formats) {
      for (const width of widths) {
        if (stopped) return false
        const variant = variantKey(keyId(key), width, format)
        await store.put(variant, await resizeTo(buffer, width, format), `image/${format}`)
        written.push(variant)
      }
    }
    return true
  }

  /**
   * Lets go of the image with `changes`. Files `written` stay only if the row is still there and
   * `listed` (it names them, so they go with it); otherwise nothing else would ever remove them.
   * Answers whether pages can now offer something new.
   */
  async function release(
    path: string,
    changes: Partial<typeof images.$inferInsert>,
    written: string[],
    listed: boolean,
  ) {
    const [still] = await db
      .update(images)
      .set({ avifLeaseUntil: null, ...changes })
      .where(eq(images.path, path))
      .returning({ path: images.path })
    if (!still || !listed) await store.delete(written)
    return Boolean(still) && listed && written.length > 0
  }

  async function encodeAvif(next: typeof images.$inferSelect) {
    const written: string[] = []
    let complete = false
    try {
      complete = await writeVariants(next.path, next.variantWidths, ['avif'], written)
    } catch (error) {
      log.warn({ err: error, path: next.path }, 'AVIF variant failed; WebP stays in use')
    }
    if (stopped) return release(next.path, {}, written, true) // the next start or another instance
    // Pages offer AVIF only when every width was written: a failure (or a master gone midway)
    // left sizes missing, and a page listing them sent visitors 404s (seen in the e2e run). Its
    // files are removed and it waits a day before the next try, so one bad image never blocks
    // the queue.
    if (!complete) {
      await store.delete(written)
      return release(next.path, { avifLeaseUntil: new Date(Date.now() + 24 * 3600_000) }, [], true)
    }
    return release(next.path, { avifReady: true }, written, true)
  }

  /** Images whose widths are not today's (stored before `IMAGE_WIDTHS` changed). */
  async function outdated() {
    const rows = await db
      .select({ path: images.path, width: images.width, variantWidths: images.variantWidths })
      .from(images)
    return rows.filter((row) => missingWidths(row).length > 0).map((row) => row.path)
  }

  /** Gives an image the widths it lacks; the row lists them only once all their files exist. */
  async function addWidths(path: string) {
    const [row] = await db
      .update(images)
      .set({ avifLeaseUntil: lease })
      .where(and(eq(images.path, path), unleased))
      .returning()
    if (!row) return false // another instance holds it, or it is gone
    const written: string[] = []
    let complete = false
    try {
      const formats: VariantFormat[] = row.avifReady ? ['webp', 'avif'] : ['webp']
      complete = await writeVariants(row.path, missingWidths(row), formats, written)
    } catch (error) {
      log.warn({ err: error, path: row.path }, 'could not add the new image widths; the old ones stay in use')
    }
    return release(row.path, complete ? { variantWidths: variantWidthsFor(row.width) } : {}, written, complete)
  }

  /** The AVIF queue, then the images lacking today's widths; pages are told once, at the end. */
  async function drain() {
    let made = false
    while (!stopped) {
      const next = await claimNext()
      if (!next) break
      made = (await encodeAvif(next)) || made
    }
    const paths = stopped ? [] : await outdated()
    if (paths.length > 0) log.info({ count: paths.length }, 'adding the new image widths')
    for (const path of paths) {
      if (stopped) break
      made = (await addWidths(path)) || made
    }
    if (made && !stopped) onVariantsMade()
  }

  const runner = singleFlight(drain, { onError: (error) => log.error(error, 'AVIF queue stopped') })
  return {
    wake: runner.wake,
    /**
     * Waits for the width being encoded (one sharp call: it cannot be cut short) and the clean-up
     * after it, so nothing is written once the server has stopped; the rest of that image is
     * redone at the next start or by another instance.
     */
    async stop() {
      stopped = true
      await runner.stop()
    },
  }
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}
