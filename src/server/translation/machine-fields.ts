import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { conflict } from '../errors.js'
import { machineFills } from '../db/schema.js'
import { type ContentRow, currentContent, recordKind } from '../services/publishing/record-kinds.js'
import { readField, type TranslationKind } from '../../shared/translation-fields.js'

// `machineFields` of the admin reads (issue 40, item 2): the fields whose text (draft over
// published) is still what the machine last wrote. A person's edit changes the text, and
// 'Approve' forgets the machine's: either ends it.

/** For each row: its fields filled by machine and not reviewed. */
export async function machineFieldsByRow(
  db: Executor,
  kind: 'project' | 'review',
  rows: ContentRow[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(rows.map((row) => [row.id, []]))
  const ids = rows.filter((row) => row.parentId).map((row) => row.id)
  if (ids.length === 0) return out
  const fills = await db
    .select({ recordId: machineFills.recordId, field: machineFills.field, text: machineFills.text })
    .from(machineFills)
    .where(and(eq(machineFills.kind, kind), inArray(machineFills.recordId, ids)))
  const byId = new Map(rows.map((row) => [row.id, row]))
  for (const fill of fills) {
    const row = byId.get(fill.recordId)!
    if (readField(kind, currentContent(recordKind(kind), row), fill.field) === fill.text)
      out.get(row.id)!.push(fill.field)
  }
  return out
}

/** The fields of one translation (a record, or a page text's language) whose text is still the machine's. */
export async function unreviewedFields(
  db: Executor,
  kind: TranslationKind,
  recordId: string,
  language: string,
  content: Record<string, unknown>,
): Promise<string[]> {
  const machine = await machineTextOf(db, kind, recordId, language)
  return [...machine].filter(([field, text]) => readField(kind, content, field) === text).map(([field]) => field)
}

/** MT_REQUIRE_REVIEW=true: publishing a translation with unreviewed machine fields answers 409 naming them. */
export function refuseIfUnreviewed(fields: string[]): void {
  if (fields.length > 0) throw conflict(`Review the machine's text before publishing: ${fields.join(', ')}`)
}

export async function refuseUnreviewed(db: Executor, kind: 'project' | 'review', row: ContentRow): Promise<void> {
  refuseIfUnreviewed((await machineFieldsByRow(db, kind, [row])).get(row.id) ?? [])
}

/** What the machine last wrote into each field of a translation (field -> text). */
export async function machineTextOf(db: Executor, kind: string, recordId: string, language: string) {
  const rows = await db
    .select({ field: machineFills.field, text: machineFills.text })
    .from(machineFills)
    .where(
      and(
        eq(machineFills.kind, kind as 'project'),
        eq(machineFills.recordId, recordId),
        eq(machineFills.language, language),
      ),
    )
  return new Map(rows.map((r) => [r.field, r.text]))
}
