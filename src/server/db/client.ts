import { PGlite } from '@electric-sql/pglite'
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema.js'

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

// src/server/db and dist/server/db sit at the same depth, so this resolves in both.
const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url))

export type DatabaseOptions = { url: string } | { dataDir: string } | { pglite: PGlite }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url)
  const client = 'pglite' in options ? options.pglite : await PGlite.create({ dataDir: options.dataDir })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      if (client.closed) return
      // NOTES: checkpoint first, so a restart does not replay the whole WAL.
      await client.exec('CHECKPOINT')
      await client.close()
    },
  }
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePostgres(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}
