import type { Env } from '../env.js'
import { prepareDatabase, STARTUP_LOCK } from '../startup/prepare-database.js'
import { openSiteDatabase } from './site-database.js'

/**
 * `npm run db:migrate`: applies the committed migrations to the site's database (the server also
 * does at every start; this is for a deploy that migrates before it starts the new version).
 */
export async function run(_args: string[], env: Env): Promise<number> {
  const { database, close } = await openSiteDatabase(env, { mayCreate: true })
  try {
    await database.exclusive(STARTUP_LOCK, () => prepareDatabase(database))
    console.log('The database is up to date.')
    return 0
  } finally {
    await close()
  }
}
