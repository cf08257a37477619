import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { VersionDetail, VersionState, VersionSummary } from '../../../shared/publishing.js'
import type { Db, Executor } from '../../db/client.js'
import { type ContentKind, contentVersions } from '../../db/schema.js'
import { notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import { ofRecordRef, type RecordRef } from './record-ref.js'

/** How many versions each language of a record keeps, and for how long (VERSIONS_KEEP, VERSIONS_MAX_DAYS). */
export interface VersionLimits {
  keep: number
  maxDays: number
}

export type VersionRef = RecordRef

const ofRecord = (ref: VersionRef) => ofRecordRef(contentVersions, ref)

/**
 * Records one version in the change's transaction and drops this record's versions past the
 * count limit (at most a few rows: each write adds one). Answers the version's id.
 */
export async function addVersion(
  tx: Executor,
  actor: Actor,
  limits: VersionLimits,
  ref: VersionRef,
  version: { number: number; state: VersionState; fields: string[]; data: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID()
  await tx.insert(contentVersions).values({
    id,
    ...ref,
    ...version,
    actorId: actor.id,
    changedBy: actor.username,
  })
  const surplus = tx
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(ofRecord(ref))
    .orderBy(desc(contentVersions.number))
    .offset(limits.keep)
    .limit(100)
  await tx.delete(contentVersions).where(inArray(contentVersions.id, surplus))
  return id
}

export async function listVersions(
  db: Executor,
  ref: VersionRef,
  page: { limit: number; offset: number },
): Promise<VersionSummary[]> {
  const rows = await db
    .select({
      id: contentVersions.id,
      number: contentVersions.number,
      state: contentVersions.state,
      createdAt: contentVersions.createdAt,
      changedBy: contentVersions.changedBy,
      fields: contentVersions.fields,
    })
    .from(contentVersions)
    .where(ofRecord(ref))
    .orderBy(desc(contentVersions.number))
    .limit(page.limit)
    .offset(page.offset)
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

export async function getVersion(db: Executor, ref: VersionRef, versionId: string): Promise<VersionDetail> {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(ofRecord(ref), eq(contentVersions.id, versionId)))
  if (!row) throw notFound('Version not found')
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    changedBy: row.changedBy,
    data: row.data,
  }
}

/** Every version of a record, every language (a purge). */
export async function deleteVersionsOf(tx: Executor, kind: ContentKind, recordIds: string[]): Promise<void> {
  if (recordIds.length === 0) return
  await tx
    .delete(contentVersions)
    .where(and(eq(contentVersions.kind, kind), inArray(contentVersions.recordId, recordIds)))
}

/**
 * Deletes versions older than the age limit, `batch` rows per statement, so a large backlog never
 * holds long locks or blocks writes. Answers how many went.
 */
export async function pruneOldVersions(db: Db, maxDays: number, batch = 500): Promise<number> {
  let total = 0
  for (;;) {
    const old = db
      .select({ id: contentVersions.id })
      .from(contentVersions)
      .where(lt(contentVersions.createdAt, sql`now() - ${maxDays} * interval '1 day'`))
      .limit(batch)
    const deleted = await db
      .delete(contentVersions)
      .where(inArray(contentVersions.id, old))
      .returning({ id: contentVersions.id })
    total += deleted.length
    if (deleted.length < batch) return total
  }
}
