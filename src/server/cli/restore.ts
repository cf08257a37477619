import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { restoreBackup } from '../backup/restore.js'
import type { Env } from '../env.js'
import { imageStoreFromEnv } from '../storage/store-from-env.js'
import { CommandRefusal, openSiteDatabase } from './site-database.js'

// `npm run restore -- <file>`: a backup into an empty DATA_DIR (or an empty DATABASE_URL
// database), ready for `npm start` (docs/operations.md).

async function isEmptyFolder(dir: string, ignoring: string[] = []) {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return names.every((name) => ignoring.includes(name))
}

/** `npm run restore -- <file>`: into an empty DATA_DIR, or an empty DATABASE_URL database. */
export async function run(args: string[], env: Env): Promise<number> {
  const [file, ...rest] = args
  if (!file || rest.length > 0) {
    console.error('Usage: npm run restore -- <file>')
    return 2
  }
  // Refuses while a server runs on the folder, and over anything already there.
  const emptyTarget = async () => {
    if (!env.DATABASE_URL && !(await isEmptyFolder(path.join(env.DATA_DIR, 'db'))))
      throw new CommandRefusal(`Restore failed: ${env.DATA_DIR} already holds a site: restore into an empty DATA_DIR.`)
    if (!env.S3_BUCKET && !(await isEmptyFolder(env.UPLOADS_DIR, ['.tmp'])))
      throw new CommandRefusal(
        `Restore failed: ${env.UPLOADS_DIR} already holds uploads: restore into an empty folder.`,
      )
  }
  const { database, close } = await openSiteDatabase(env, { mayCreate: true, beforeOpen: emptyTarget }).catch(
    (error: Error) => {
      if (error instanceof CommandRefusal) throw error
      throw new CommandRefusal(`Restore failed: ${error.message}`)
    },
  )
  try {
    const manifest = await restoreBackup(path.resolve(file), { database, store: imageStoreFromEnv(env) }).catch(
      (error: Error) => {
        throw new CommandRefusal(`Restore failed: ${error.message}`)
      },
    )
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${rows} rows, ${manifest.images} image files. Start the server with the same settings.`,
    )
    return 0
  } finally {
    await close()
  }
}
