import { and, eq, inArray, isNull } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { localePath } from '../../../shared/locale-path.js'
import { projectPath } from '../../../shared/slug.js'
import type { ContentKind } from '../../db/schema.js'
import type { Executor } from '../../db/client.js'
import { translationPages } from '../../db/schema.js'
import { pageNeedsUpdate } from '../../services/publishing/page-sources.js'
import { currentText } from '../../services/publishing/page-texts.js'
import { pageTextPath } from '../../services/publishing/public-addresses.js'
import type { ContentRow, RecordKind } from '../../services/publishing/record-kinds.js'
import { currentContent, editableOf, recordKind, translatedText } from '../../services/publishing/record-kinds.js'
import { fieldsOf } from './record-fields.js'

/** One translatable field of a record as a job sees it: the source, and the target as it stands. */
export interface JobField {
  id: string
  label: string
  maxLength: number | null
  source: string
  target: string
  /** The source changed since the target was last brought up to date. */
  outdated: boolean
}

/** A record (the original; a page text's row) in one language, with its translatable fields. */
export interface JobRecord {
  kind: ContentKind
  id: string
  /** What a person calls it: the original's title, the page's slug. */
  label: string
  /** Its public address in the job's language. */
  address: string
  /** The translation's state, when it has one ('published', 'draft', 'unpublished'). */
  targetState: string | null
  fields: JobField[]
}

export interface RecordFilter {
  language: string
  kinds?: readonly ContentKind[]
  ids?: readonly string[]
}

const wants = (filter: RecordFilter, kind: ContentKind) => !filter.kinds || filter.kinds.includes(kind)

/** A translation's followed source per translated field (what needsUpdate compares). */
function outdatedOf(kind: RecordKind, original: ContentRow, translation: ContentRow | undefined) {
  const then = translation?.sourceText
  if (!then) return () => false
  const now = translatedText(kind, original)
  return (field: string, line?: number) => {
    const before = then[field] ?? ''
    const after = now[field] ?? ''
    if (line === undefined) return before !== after
    return (before.split('\n')[line] ?? '') !== (after.split('\n')[line] ?? '')
  }
}

async function contentRecords(db: Executor, kind: RecordKind, filter: RecordFilter): Promise<JobRecord[]> {
  const { table } = kind
  const originals = (await db
    .select()
    .from(table)
    .where(
      and(
        isNull(table.parentId),
        isNull(table.trashedAt),
        eq(table.language, BASE_LANGUAGE),
        filter.ids ? inArray(table.id, [...filter.ids]) : undefined,
      ),
    )) as ContentRow[]
  if (originals.length === 0) return []
  const translations = (await db
    .select()
    .from(table)
    .where(
      and(
        inArray(
          table.groupId,
          originals.map((o) => o.id),
        ),
        eq(table.language, filter.language),
        isNull(table.trashedAt),
      ),
    )) as ContentRow[]
  const byGroup = new Map(translations.map((t) => [t.groupId, t]))
  return originals.map((original) => {
    const translation = byGroup.get(original.id)
    const outdated = outdatedOf(kind, original, translation)
    const address =
      kind.kind === 'project'
        ? projectPath(((translation ?? original) as { slug: string }).slug)
        : localePath(filter.language, '/')
    return {
      kind: kind.kind,
      id: original.id,
      label: original.title,
      address,
      targetState: translation?.publishState ?? null,
      fields: fieldsOf(
        kind.kind,
        editableOf(kind, original),
        translation ? currentContent(kind, translation) : null,
      ).map((f) => ({
        ...f,
        outdated: Boolean(translation) && f.followed !== null && outdated(f.followed.field, f.followed.line),
      })),
    }
  })
}

async function pageRecords(db: Executor, filter: RecordFilter): Promise<JobRecord[]> {
  const rows = await db
    .select()
    .from(translationPages)
    .where(filter.ids ? inArray(translationPages.id, [...filter.ids]) : undefined)
  return rows.map((row) => {
    const english = row.translations[0]?.[BASE_LANGUAGE] ?? {}
    const target = currentText(row, filter.language) ?? {}
    const behind = new Set(pageNeedsUpdate(row.translations[0] ?? {}, row.publishing, filter.language)?.fields ?? [])
    return {
      kind: 'translation-page' as const,
      id: row.id,
      label: row.page,
      address: pageTextPath(row.page, filter.language),
      targetState:
        row.publishing[filter.language]?.state ?? (row.translations[0]?.[filter.language] ? 'published' : null),
      fields: Object.keys(english)
        .sort()
        .map((key) => ({
          id: `text.${key}`,
          label: `Text "${key}"`,
          maxLength: null,
          // A key with no English value is its own English (page-sources.ts).
          source: english[key] || key,
          target: target[key] ?? '',
          outdated: behind.has(key),
        })),
    }
  })
}

/** Every record of the kinds asked for, with its fields' source and target in the language. */
export async function jobRecords(db: Executor, filter: RecordFilter): Promise<JobRecord[]> {
  return [
    ...(wants(filter, 'project') ? await contentRecords(db, recordKind('project'), filter) : []),
    ...(wants(filter, 'review') ? await contentRecords(db, recordKind('review'), filter) : []),
    ...(wants(filter, 'translation-page') ? await pageRecords(db, filter) : []),
  ]
}
