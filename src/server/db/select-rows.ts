import type { SQL } from 'drizzle-orm'
import type { Executor } from './query-types.js'

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`; drizzle types it loosely). */
export async function selectRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
