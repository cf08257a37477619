import { and, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm'
import type { AuditLogQuery } from '../../shared/schemas/team.schema.js'
import type { AuditEntrySummary } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { auditLog } from '../db/schema.js'
import { recordsToCsv, type CsvColumn } from './csv.js'

// Reading the audit log (GET /audit-log): filters, pages, CSV. Nothing here writes.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function where(query: AuditLogQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  // A person is an account id or a name (names of failed sign-ins have no account).
  if (query.person)
    conditions.push(
      /^[0-9a-f-]{36}$/i.test(query.person)
        ? eq(auditLog.actorId, query.person.toLowerCase())
        : ilike(auditLog.actorName, escapeLike(query.person)),
    )
  if (query.kind) conditions.push(eq(auditLog.kind, query.kind))
  // A record by its id, or by its name as it was then ("mirador" finds "Villa Mirador").
  if (query.record)
    conditions.push(
      or(eq(auditLog.recordId, query.record), ilike(auditLog.recordLabel, `%${escapeLike(query.record)}%`)),
    )
  if (query.language) conditions.push(eq(auditLog.language, query.language.toLowerCase()))
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)))
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)))
  return and(...conditions)
}

const toSummary = (row: typeof auditLog.$inferSelect): AuditEntrySummary => ({
  _id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorName: row.actorName,
  ip: row.ip,
  action: row.action,
  kind: row.kind,
  recordId: row.recordId,
  recordLabel: row.recordLabel,
  language: row.language,
  changes: row.changes,
})

/** Newest first; `limit` + 1 rows are read to say whether there is a next page. */
export async function listAuditLog(
  db: Executor,
  query: AuditLogQuery,
  page = { limit: query.limit, offset: query.offset },
) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(where(query))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit + 1)
    .offset(page.offset)
  return {
    entries: rows.slice(0, page.limit).map(toSummary),
    hasMore: rows.length > page.limit,
    limit: page.limit,
    offset: page.offset,
  }
}

/** The most rows one export holds; a wider range is narrowed with the filters. */
export const AUDIT_CSV_MAX_ROWS = 50_000

const COLUMNS: CsvColumn<AuditEntrySummary>[] = [
  { label: 'When', value: (e) => e.at },
  { label: 'Who', value: (e) => e.actorName },
  { label: 'Address', value: (e) => e.ip },
  { label: 'Action', value: (e) => e.action },
  { label: 'Kind', value: (e) => e.kind },
  { label: 'Record', value: (e) => e.recordLabel },
  { label: 'Record id', value: (e) => e.recordId },
  { label: 'Language', value: (e) => e.language },
  { label: 'Changed fields', value: (e) => Object.keys(e.changes).join(', ') },
  { label: 'Changes', value: (e) => (Object.keys(e.changes).length > 0 ? JSON.stringify(e.changes) : '') },
]

/** RFC 4180 with a BOM, every cell defused (csv.ts). */
export const auditLogToCsv = (entries: AuditEntrySummary[]): string => recordsToCsv(COLUMNS, entries)
