import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import type { Database } from '../db/client.js'
import { imageFileKeys } from '../storage/image-key.js'
import type { ImageStore } from '../storage/image-store.js'
import { BACKUP_FORMAT, type BackupManifest, createArchiveWriter, readBackup } from './backup-archive.js'
import { takeSnapshot } from './database-snapshot.js'
import { holdDeletions, releaseDeletions } from './deletion-hold.js'

/** Any number for pg_advisory_lock, the same in every instance: one backup at a time. */
const BACKUP_LOCK = 7_460_002

/** Deletions are held this long and the hold renewed at a third of it, until the backup ends. */
const HOLD_MS = 10 * 60 * 1000

export interface BackupSource {
  database: Database
  store: ImageStore
}

/** The files an images row stands for, from its row as the snapshot has it. */
function imageKeys(line: string): string[] {
  const row = JSON.parse(line) as { path: string; variant_widths: number[]; avif_ready: boolean }
  return imageFileKeys({ path: row.path, variantWidths: row.variant_widths }, row.avif_ready)
}

/**
 * Writes a backup of the running site to `out`: the database as of one moment, then the image
 * files that moment's rows name. Image deletions wait meanwhile (they would remove files the
 * snapshot still names); uploads and every other write go on.
 */
export async function writeBackup({ database, store }: BackupSource, out: Writable): Promise<BackupManifest> {
  return database.exclusive(BACKUP_LOCK, async () => {
    await holdDeletions(database.db, HOLD_MS)
    const renew = setInterval(() => void holdDeletions(database.db, HOLD_MS).catch(() => {}), HOLD_MS / 3)
    renew.unref()
    try {
      const snapshot = await takeSnapshot(database)
      const keys = snapshot.tables.find((t) => t.name === 'images')?.lines.flatMap(imageKeys) ?? []
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        source: database.kind,
        migrations: snapshot.migrations,
        tables: snapshot.tables.map((t) => ({ name: t.name, rows: t.lines.length })),
        images: keys.length,
      }
      const archive = createArchiveWriter(out)
      await archive.addJson('manifest.json', manifest)
      for (const table of snapshot.tables)
        await archive.addBuffer(`database/${table.name}.ndjson`, Buffer.from(table.lines.join('\n')))
      for (const key of keys) {
        const object = await store.get(key)
        // Only an upload still being written can lack files; no record points at it yet.
        if (!object) archive.noteMissing(key)
        else await archive.addStream(`images/${key}`, object.size, object.body)
      }
      await archive.finish()
      return manifest
    } finally {
      clearInterval(renew)
      await releaseDeletions(database.db).catch(() => {})
    }
  })
}

/**
 * Writes `target` through `produce` so that an interrupted or failed backup never touches a
 * previous file of that name: the bytes go to a hidden file beside it, which is read back and
 * checked, flushed to disk, and only then renamed over the target.
 */
export async function writeBackupFile(target: string, produce: (out: Writable) => Promise<unknown>): Promise<void> {
  const dir = path.dirname(path.resolve(target))
  const partial = path.join(dir, `.${path.basename(target)}.partial-${randomBytes(4).toString('hex')}`)
  try {
    const out = createWriteStream(partial, { flags: 'wx' })
    await Promise.all([produce(out), finished(out)])
    const handle = await open(partial, 'r')
    await handle.sync()
    await handle.close()
    await readBackup(partial)
    await rename(partial, target)
    const folder = await open(dir, 'r')
    await folder.sync().finally(() => folder.close())
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}
