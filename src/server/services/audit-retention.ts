import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { selectRows } from '../db/select-rows.js'

const BATCH = 1000

/**
 * Deletes audit entries older than `months`, a batch per transaction so a large backlog never
 * holds a long lock. The only delete the append-only trigger lets through: it says so for its
 * own transaction (SET LOCAL app.audit_prune), which no route ever does. Answers how many went.
 */
export async function pruneAuditLog(db: Db, months: number): Promise<number> {
  let total = 0
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.audit_prune', 'on', true)`)
      const rows = await selectRows<{ id: string }>(
        tx,
        sql`delete from audit_log where id in (
          select id from audit_log where at < now() - make_interval(months => ${months}) limit ${BATCH}
        ) returning id`,
      )
      return rows.length
    })
    total += gone
    if (gone < BATCH) return total
  }
}
