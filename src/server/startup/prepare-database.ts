import { count, eq, ne } from 'drizzle-orm'
import type { Database } from '../db/client.js'
import { appState, languages, projects, reviews, translationPages } from '../db/schema.js'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { ensureBaseLanguage } from '../services/languages.js'
import { ensureDeletionHoldRow } from '../backup/deletion-hold.js'

const SEED_KEY = 'demo_seed'

/** Any number for pg_advisory_lock, the same in every instance: migrations and seeding, one at a time. */
export const STARTUP_LOCK = 7_460_001

/**
 * Migrates and makes sure the base language exists. `needsSeed`: the site is empty and was never
 * seeded, or a demo seed began and never finished (the process died during the first start).
 */
export async function prepareDatabase(database: Database): Promise<{ needsSeed: boolean }> {
  await database.migrate()
  const { db } = database
  await ensureBaseLanguage(db)
  await ensureDeletionHoldRow(db)
  const [seed] = await db.select().from(appState).where(eq(appState.key, SEED_KEY))
  if (seed) return { needsSeed: seed.value === 'started' }
  return { needsSeed: await isEmpty(database) }
}

/** Nothing but the base language: no content an admin could have made. */
async function isEmpty({ db }: Database): Promise<boolean> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(languages).where(ne(languages.code, BASE_LANGUAGE)),
    db.select({ n: count() }).from(projects),
    db.select({ n: count() }).from(reviews),
    db.select({ n: count() }).from(translationPages),
  ])
  return counts.every(([row]) => (row?.n ?? 0) === 0)
}

/**
 * Runs the demo seed so that it either completes or is redone at the next start: the marker
 * says 'started' until the seed has finished. A half-done seed is cleared first; nobody can have
 * used that content, because the server only listens after seeding.
 */
export async function seedOnce(database: Database, seed: () => Promise<void>): Promise<void> {
  const { db } = database
  const [state] = await db.select().from(appState).where(eq(appState.key, SEED_KEY))
  if (state?.value === 'started') {
    await db.transaction(async (tx) => {
      await tx.delete(projects)
      await tx.delete(reviews)
      await tx.delete(translationPages)
      await tx.delete(languages).where(ne(languages.code, BASE_LANGUAGE))
    })
  }
  await db
    .insert(appState)
    .values({ key: SEED_KEY, value: 'started' })
    .onConflictDoUpdate({ target: appState.key, set: { value: 'started' } })
  await seed()
  await db.update(appState).set({ value: 'done' }).where(eq(appState.key, SEED_KEY))
}
