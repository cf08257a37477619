import { buildApp } from '../app.js'
import type { Env } from '../env.js'
import { seedDemoContent } from '../seed/seed-demo.js'
import { prepareDatabase, seedOnce, STARTUP_LOCK } from '../startup/prepare-database.js'
import { openSiteDatabase } from './site-database.js'

/**
 * `npm run db:seed`: loads the demo content into an empty site (what the first start does unless
 * SEED_DEMO=false). A site with any content of its own is left alone.
 */
export async function run(_args: string[], env: Env): Promise<number> {
  const { database, close } = await openSiteDatabase(env, { mayCreate: true })
  try {
    const seeded = await database.exclusive(STARTUP_LOCK, async () => {
      const { needsSeed } = await prepareDatabase(database)
      if (!needsSeed) return false
      // The seed goes through the same operations as the API, so it needs the app's services.
      const app = await buildApp({ env, database, site: false, logger: { level: 'warn' } })
      try {
        await seedOnce(database, () => seedDemoContent(app.ctx))
      } finally {
        await app.close()
      }
      return true
    })
    console.log(
      seeded ? 'Demo content loaded.' : 'The site already has content; the demo seed only fills an empty site.',
    )
    return 0
  } finally {
    await close()
  }
}
