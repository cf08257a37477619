import { and, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ContentKind } from '../../db/schema.js'

/** One record of a kind in one language: what a version or a schedule belongs to. */
export interface RecordRef {
  kind: ContentKind
  recordId: string
  /** The record's language; for a schedule, '' for a project or review, a page text's language. */
  language: string
}

/** The rows of a table keyed by kind, record and language that belong to `ref`. */
export const ofRecordRef = (table: { kind: PgColumn; recordId: PgColumn; language: PgColumn }, ref: RecordRef) =>
  and(eq(table.kind, ref.kind), eq(table.recordId, ref.recordId), eq(table.language, ref.language))
