import { existsSync } from 'node:fs'
import path from 'node:path'
import { DataDirInUseError, lockDataDir } from '../data-dir-lock.js'
import { type Database, openDatabase } from '../db/client.js'
import type { Env } from '../env.js'

/** A command's refusal: said to the operator as it is, exit code 1. */
export class CommandRefusal extends Error {}

export interface SiteDatabase {
  database: Database
  close(): Promise<void>
}

/**
 * The site's database for an operator's command: PostgreSQL (DATABASE_URL) beside the running
 * servers, or the embedded one in DATA_DIR, which one process at a time may open: the command
 * takes the data folder's lock and refuses while a server holds it.
 */
export async function openSiteDatabase(
  env: Env,
  options: {
    /** Make the embedded database when there is none yet (restore, migrate, seed). */
    mayCreate?: boolean
    /** Runs once nothing else can open the database, before it is opened (restore's checks). */
    beforeOpen?: () => Promise<void>
  } = {},
): Promise<SiteDatabase> {
  if (env.DATABASE_URL) {
    await options.beforeOpen?.()
    const database = await openDatabase({ url: env.DATABASE_URL })
    return { database, close: () => database.close() }
  }
  const dbDir = path.join(env.DATA_DIR, 'db')
  if (!options.mayCreate && !existsSync(dbDir)) {
    throw new CommandRefusal(`No database in ${dbDir}. Is DATA_DIR right? (It is ${env.DATA_DIR}.)`)
  }
  let lock
  try {
    lock = await lockDataDir(env.DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    throw new CommandRefusal(
      `${error.message}\nThe embedded database can be opened by one process only: stop the server, run this again, then start the server.`,
    )
  }
  let database: Database
  try {
    await options.beforeOpen?.()
    database = await openDatabase({ dataDir: dbDir })
  } catch (error) {
    await lock.release()
    throw error
  }
  return {
    database,
    async close() {
      await database.close()
      await lock.release()
    },
  }
}
