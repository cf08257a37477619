import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type * as schema from './schema.js'

// What queries run on: the database or a transaction in it. Its own file, below the client and
// the migrations that both use it (no import loop, decision 133).

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx
