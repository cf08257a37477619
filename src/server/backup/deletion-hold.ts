import { eq, sql } from 'drizzle-orm'
import type { Db, Executor } from '../db/client.js'
import { appState } from '../db/schema.js'
import { selectRows } from '../db/select-rows.js'

/**
 * While a backup copies the images of its database snapshot, no image file may be deleted, or
 * the backup would name images it cannot copy. The hold is a row of app_state: a backup sets it
 * (an UPDATE, which waits for deletions in flight, since those hold the row FOR SHARE), and
 * deletions that see it leave their images for the orphan sweeper. It expires by itself, so a
 * backup that dies holds nothing for long.
 */
export const DELETION_HOLD_KEY = 'backup_holds_deletions_until'

/** Makes sure the row exists (prepareDatabase): a missing row could not be waited on. */
export async function ensureDeletionHoldRow(db: Db): Promise<void> {
  await db.insert(appState).values({ key: DELETION_HOLD_KEY, value: '' }).onConflictDoNothing()
}

/** Holds deletions for `ms` from now (call again to extend); answers once no deletion is in flight. */
export async function holdDeletions(db: Db, ms: number): Promise<void> {
  const until = sql`(now() + ${ms} * interval '1 millisecond')::text`
  await db
    .insert(appState)
    .values({ key: DELETION_HOLD_KEY, value: until })
    .onConflictDoUpdate({ target: appState.key, set: { value: until } })
}

export async function releaseDeletions(db: Db): Promise<void> {
  await db.update(appState).set({ value: '' }).where(eq(appState.key, DELETION_HOLD_KEY))
}

/** Inside the deleting transaction: false while a backup holds deletions. */
export async function deletionsAllowed(tx: Executor): Promise<boolean> {
  const [row] = await selectRows<{ held: boolean }>(
    tx,
    sql`select (${appState.value} <> '' and ${appState.value}::timestamptz > now()) as held
      from ${appState} where ${appState.key} = ${DELETION_HOLD_KEY} for share`,
  )
  return !row?.held
}
