import { eq } from 'drizzle-orm'
import type { Database } from '../../src/server/db/client.js'
import { images } from '../../src/server/db/schema.js'

/**
 * Polls `attempt` until `check` passes and answers that value; fails naming `what` after
 * `timeoutMs`. For what a server does in the background (mail, compression, re-renders).
 */
export async function waitFor<T>(
  what: string,
  attempt: () => Promise<T>,
  check: (value: T) => unknown = Boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await attempt()
    if (check(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Polls until `probe` answers something truthy and answers it; fails naming `what` after `timeoutMs`. */
export const until = <T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000) =>
  waitFor(what, probe, Boolean, timeoutMs) as Promise<T>

/** Waits until the background AVIF encoder has no work left, so the files of the uploads are stable. */
export const avifSettled = (database: Database, timeoutMs = 20_000) =>
  until(
    'AVIF variants of every upload',
    async () => (await database.db.select().from(images).where(eq(images.avifReady, false))).length === 0,
    timeoutMs,
  )
