import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { MigrationMeta } from 'drizzle-orm/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { applyMigrations } from './migrations.js'
import { createNotificationListener, type NotificationListener } from './notification-listener.js'
import * as schema from './schema.js'
import type { Db } from './query-types.js'

export type { Db, Executor, Tx } from './query-types.js'

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the committed migrations (or only the given ones, for a restore). */
  migrate(migrations?: MigrationMeta[]): Promise<void>
  ping(): Promise<void>
  /**
   * Runs `work` while nothing else, in this process or another instance, runs work under the
   * same key (a PostgreSQL advisory lock held on a connection of its own; on PGlite, one process,
   * a queue).
   */
  exclusive<T>(lockKey: number, work: () => Promise<T>): Promise<T>
  /** PGlite's WebAssembly memory in bytes (it only grows); absent on PostgreSQL. */
  wasmMemoryBytes?(): number
  /** A dedicated connection receiving NOTIFY on `channel` (PostgreSQL only: PGlite is one process). */
  listen?(channel: string, handlers: Parameters<typeof createNotificationListener>[2]): NotificationListener
  close(): Promise<void>
}

// PostgreSQL's default 128 MB of shared buffers is resident memory in PGlite's WebAssembly heap;
// the data files stay in the operating system's cache anyway. 32 MB took ~150 MB off the process;
// 16 MB another ~25 MB at 1,000 × 10 (361 → 335 MB after the API flood), with first visits no
// slower (docs/performance.md, issue 44; decision 129).
const PGLITE_CONF = ['shared_buffers = 16MB']

export type DatabaseOptions = { url: string } | { dataDir: string } | { pglite: PGlite }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url)
  const client =
    'pglite' in options
      ? options.pglite
      : await PGlite.create({ dataDir: options.dataDir, postgresqlconf: PGLITE_CONF })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  // One process: an in-process queue per key does what the advisory lock does on PostgreSQL.
  const queues = new Map<number, Promise<unknown>>()
  return {
    ...queriesOn(db),
    kind: 'pglite',
    // `mod` is PGlite's Emscripten module: not in its types, read defensively.
    wasmMemoryBytes: () =>
      (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer.byteLength ?? 0,
    exclusive(lockKey, work) {
      const turn = (queues.get(lockKey) ?? Promise.resolve()).catch(() => {}).then(work)
      queues.set(lockKey, turn)
      return turn
    },
    close: async () => {
      if (client.closed) return
      // Checkpoint first, so a restart does not replay the whole WAL.
      await client.exec('CHECKPOINT')
      await client.close()
    },
  }
}

/** What is the same on both engines: the Drizzle handle, migrating and a ping. */
function queriesOn(db: Db): Pick<Database, 'db' | 'migrate' | 'ping'> {
  return {
    db,
    migrate: (migrations) => applyMigrations(db, migrations),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
  }
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return {
    ...queriesOn(drizzlePostgres(pool, { schema }) as unknown as Db),
    kind: 'postgres',
    async exclusive(lockKey, work) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [lockKey])
        try {
          return await work()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockKey])
        }
      } finally {
        client.release()
      }
    },
    listen: (channel, handlers) => createNotificationListener(url, channel, handlers),
    close: () => pool.end(),
  }
}
