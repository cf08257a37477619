import type { Database } from '../db/client.js'
import { contentTypeOf } from '../storage/image-key.js'
import type { ImageStore } from '../storage/image-store.js'
import { type BackupManifest, readBackup } from './backup-archive.js'
import { isEmptyDatabase, loadSnapshot } from './database-snapshot.js'

/**
 * Restores a backup file into an empty database and the configured image store. The file is
 * read through and checked first, so a damaged or incomplete one changes nothing.
 */
export async function restoreBackup(
  file: string,
  target: { database: Database; store: ImageStore },
): Promise<BackupManifest> {
  const { snapshot } = await readBackup(file)
  if (!(await isEmptyDatabase(target.database)))
    throw new Error('The database is not empty: restore into a new database (or an empty DATA_DIR).')
  const { manifest } = await readBackup(file, (key, body) => target.store.put(key, body, contentTypeOf(key)))
  await loadSnapshot(target.database, snapshot)
  return manifest
}
