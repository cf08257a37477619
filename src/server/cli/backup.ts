import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import type { BackupManifest } from '../backup/backup-archive.js'
import { requestBackup } from '../backup/backup-socket.js'
import { writeBackup, writeBackupFile } from '../backup/backup.js'
import { DataDirInUseError, lockDataDir } from '../data-dir-lock.js'
import { openDatabase } from '../db/client.js'
import type { Env } from '../env.js'
import { imageStoreFromEnv } from '../storage/store-from-env.js'
import { CommandRefusal } from './site-database.js'

// `npm run backup -- <file>`: one file with the database and every uploaded image, taken while
// the site keeps serving (docs/operations.md).

async function backupDirectly(env: Env, out: Writable, dataDir?: string): Promise<BackupManifest> {
  const database = await openDatabase(dataDir ? { dataDir } : { url: env.DATABASE_URL! })
  try {
    return await writeBackup({ database, store: imageStoreFromEnv(env) }, out)
  } finally {
    await database.close()
  }
}

/** PostgreSQL: read it directly. PGlite: through the running server, or directly when none runs. */
async function produce(env: Env, out: Writable): Promise<string> {
  if (env.DATABASE_URL) {
    await backupDirectly(env, out)
    return 'from PostgreSQL'
  }
  const dbDir = path.join(env.DATA_DIR, 'db')
  let lock
  try {
    lock = await lockDataDir(env.DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    await requestBackup(env.DATA_DIR, out)
    return 'from the running server'
  }
  try {
    if (!existsSync(dbDir)) throw new CommandRefusal(`There is no site in ${env.DATA_DIR} (no db folder) to back up.`)
    await backupDirectly(env, out, dbDir)
    return `from ${env.DATA_DIR} (no server was running)`
  } finally {
    await lock.release()
  }
}

/** `npm run backup -- <file>`. */
export async function run(args: string[], env: Env): Promise<number> {
  const [file, ...rest] = args
  if (!file || rest.length > 0) {
    console.error('Usage: npm run backup -- <file>')
    return 2
  }
  let from = ''
  try {
    await writeBackupFile(file, async (out) => (from = await produce(env, out)))
  } catch (error) {
    throw new CommandRefusal(`Backup failed: ${(error as Error).message}`)
  }
  console.log(`Backup written to ${path.resolve(file)} (${from})`)
  return 0
}
