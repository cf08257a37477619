import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { editableOf, type Editable, type ContentRow, type RecordKind } from '../services/publishing/record-kinds.js'
import { type Content, readField, translationFields, type TranslationKind } from '../../shared/translation-fields.js'
import { remember } from './memory.js'
import { machineTextOf } from './machine-fields.js'
import { splitText } from './segments.js'

/**
 * Called where a translation is published (record-writes.ts publishRecord; page texts: page-texts.ts): its segments enter
 * the memory beside the original's. A field whose sentences do not line up one to one is kept
 * whole only when it is one sentence; a field still as the machine wrote it is the machine's.
 */
export async function rememberPublished(
  tx: Executor,
  kind: RecordKind,
  row: ContentRow,
  content: Editable,
): Promise<void> {
  if (!row.parentId) return
  const [original] = await tx.select().from(kind.table).where(eq(kind.table.id, row.parentId))
  if (!original) return
  await rememberFields(
    tx,
    kind.kind,
    row.id,
    { source: (original as ContentRow).language, target: row.language },
    {
      source: editableOf(kind, original),
      target: content,
    },
  )
}

/**
 * The memory entries of one published translation (a record, or a page text's language, decision
 * 158): each field's sentences beside the original's.
 */
export async function rememberFields(
  tx: Executor,
  kind: TranslationKind,
  recordId: string,
  pair: { source: string; target: string },
  sides: { source: Content; target: Content },
): Promise<void> {
  const { source, target: content } = sides
  const machine = await machineTextOf(tx, kind, recordId, pair.target)
  const entries: { source: string; target: string; origin: 'person' | 'machine' }[] = []
  for (const field of translationFields(kind, source)) {
    const from = splitText(readField(kind, source, field.id)).segments
    const targetText = readField(kind, content, field.id)
    const to = splitText(targetText).segments
    if (from.length !== to.length || to.length === 0) continue
    const origin = machine.get(field.id) === targetText ? 'machine' : 'person'
    from.forEach((segment, i) => entries.push({ source: segment.text, target: to[i]!.text, origin }))
  }
  await remember(tx, pair, entries)
}
