import { sql } from 'drizzle-orm'
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import { fileURLToPath } from 'node:url'
import type { Db } from './query-types.js'
import { selectRows } from './select-rows.js'

// src/server/db and dist/server/db sit at the same depth, so this resolves in both.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url))

/** Every committed migration, oldest first. */
export function committedMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
}

/**
 * Applies `migrations` (default: all committed ones) that the database does not have yet. This
 * is what drizzle's `migrate()` does, with the list given: a restore first migrates only as far
 * as the backup was, loads its rows, then applies the rest.
 */
export async function applyMigrations(db: Db, migrations = committedMigrations()): Promise<void> {
  // drizzle keeps its dialect and session internal; its own migrate() calls exactly this.
  const internals = db as unknown as { dialect: PgDialect; session: PgSession }
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder: MIGRATIONS_FOLDER })
}

/** The hashes of the migrations applied to this database, oldest first. */
export async function appliedMigrationHashes(db: Db): Promise<string[]> {
  const [table] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )
  if (!table?.present) return []
  const rows = await selectRows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by id`)
  return rows.map((r) => r.hash)
}
