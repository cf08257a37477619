import { sql } from 'drizzle-orm'
import type { MigrationMeta } from 'drizzle-orm/migrator'
import type { Database, Executor } from '../db/client.js'
import { appliedMigrationHashes, committedMigrations } from '../db/migrations.js'
import { selectRows } from '../db/select-rows.js'
import { DELETION_HOLD_KEY } from './deletion-hold.js'

/** Every row of every table, as PostgreSQL's own JSON of the row (exact: microseconds, bigints). */
export interface DatabaseSnapshot {
  /** The migrations the database had, oldest first (their hashes). */
  migrations: string[]
  /** In an order that satisfies the foreign keys. */
  tables: { name: string; lines: string[] }[]
}

// Rows loaded per INSERT: keeps each statement's JSON parameter to a few megabytes.
const INSERT_CHUNK = 500

/** Tables of the public schema, each after the tables it references. */
async function tablesInLoadOrder(executor: Executor): Promise<string[]> {
  const tables = await selectRows<{ name: string }>(
    executor,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const references = await selectRows<{ child: string; parent: string }>(
    executor,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  )
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1')
  const ordered: string[] = []
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return
    path.add(name)
    for (const r of references) if (unquote(r.child) === name) visit(unquote(r.parent), path)
    ordered.push(name)
  }
  for (const { name } of tables) visit(name, new Set())
  return ordered
}

/**
 * Reads the whole database in one repeatable-read transaction: one consistent moment, while
 * writes go on (on PGlite the transaction runs between other queries, which wait for it).
 */
export async function takeSnapshot(database: Database): Promise<DatabaseSnapshot> {
  const migrations = await appliedMigrationHashes(database.db)
  const tables = await database.db.transaction(
    async (tx) => {
      const snapshot: DatabaseSnapshot['tables'] = []
      for (const name of await tablesInLoadOrder(tx)) {
        const table = sql.identifier(name)
        // The hold a backup sets belongs to this installation's moment, not to the copy.
        const only = name === 'app_state' ? sql`where t.key <> ${DELETION_HOLD_KEY}` : sql``
        const rows = await selectRows<{ line: string }>(
          tx,
          sql`select row_to_json(t)::text as line from ${table} t ${only} order by t.ctid`,
        )
        snapshot.push({ name, lines: rows.map((r) => r.line) })
      }
      return snapshot
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return { migrations, tables }
}

/** Whether the database has no tables of its own and was never migrated. */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  const [row] = await selectRows<{ n: number | string }>(
    database.db,
    sql`select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
  )
  return Number(row?.n ?? 0) === 0
}

/** The committed migrations up to where the snapshot was; refuses one from a newer version. */
function migrationsOf(snapshot: DatabaseSnapshot): MigrationMeta[] {
  const committed = committedMigrations()
  const known = snapshot.migrations.every((hash, i) => committed[i]?.hash === hash)
  if (!known)
    throw new Error(
      'This backup was taken by another version of the site (its migrations differ from this one’s). Restore it with the version that took it, then upgrade.',
    )
  return committed.slice(0, snapshot.migrations.length)
}

/**
 * Loads a snapshot into an empty database: migrates as far as the snapshot's version was, loads
 * every row in one transaction, sets sequences past the loaded ids, then applies newer migrations.
 */
export async function loadSnapshot(database: Database, snapshot: DatabaseSnapshot): Promise<void> {
  await database.migrate(migrationsOf(snapshot))
  await database.db.transaction(async (tx) => {
    for (const { name, lines } of snapshot.tables) {
      const table = sql.identifier(name)
      for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
        const json = `[${lines.slice(i, i + INSERT_CHUNK).join(',')}]`
        await tx.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${json}::json)`)
      }
    }
    const sequences = await selectRows<{ tbl: string; col: string; seq: string }>(
      tx,
      sql`select c.table_name as tbl, c.column_name as col, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
        from information_schema.columns c
        where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`,
    )
    for (const { tbl, col, seq } of sequences)
      await tx.execute(
        sql`select setval(${seq}, coalesce((select max(${sql.identifier(col)}) from ${sql.identifier(tbl)}), 0) + 1, false)`,
      )
  })
  await database.migrate()
}
