import { eq } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { NeedsUpdate } from '../../shared/publishing.js'
import type { Workbench, WorkbenchField, WorkbenchKind } from '../../shared/translation-workbench.js'
import type { Executor } from '../db/client.js'
import { translationPages } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import { languageExists } from '../services/languages.js'
import { projectGroups } from '../services/projects.js'
import { reviewGroups } from '../services/reviews.js'
import { pageNeedsUpdate } from '../services/publishing/page-sources.js'
import { languageState, PAGE_NOT_FOUND, pageSides, toAdminPage } from '../services/publishing/page-texts.js'
import type { ContentRow, RecordKind } from '../services/publishing/record-kinds.js'
import { currentContent, editableOf, recordKind } from '../services/publishing/record-kinds.js'
import { needsUpdateOf, pendingSchedules, publishingFields } from '../services/publishing/record-state.js'
import { type FieldPair, fieldPairs } from './workbench-fields.js'
import { unreviewedFields } from './machine-fields.js'
import { type TranslationAids, withAids } from './workbench-segments.js'

// The side-by-side screen's read (issue 40, item 1; decision 145): the fields of a record or a
// page text with the original's text beside the language's, what changed in the source since the
// translation was last brought up to date, and what the memory and the glossary offer.

export interface WorkbenchQuery {
  kind: WorkbenchKind
  id: string
  language: string
  source: 'published' | 'draft'
}

/** Which field of needsUpdate a pair follows, and its text then and now (a line of the amenities). */
function outdatedOf(pair: FieldPair, needsUpdate: NeedsUpdate | null): WorkbenchField['outdated'] {
  const followed = pair.followed
  if (!needsUpdate || !followed || !needsUpdate.fields.includes(followed.field)) return null
  const before = needsUpdate.before[followed.field] ?? ''
  const after = needsUpdate.after[followed.field] ?? ''
  if (followed.line === undefined) return { before, after }
  const line = (text: string) => text.split('\n')[followed.line!] ?? ''
  return line(before) === line(after) ? null : { before: line(before), after: line(after) }
}

async function recordBench(db: Executor, kind: RecordKind, query: WorkbenchQuery) {
  const groups = kind.kind === 'project' ? projectGroups : reviewGroups
  const original = (await groups.originalFor(db, query.id, kind.notFound)) as ContentRow
  if (original.language === query.language)
    throw badRequest('This is the original’s language: choose another', 'language')
  const [member] = await groups.withGroups(db, [original as never])
  const group = (member?.group ?? [original]) as ContentRow[]
  const translation = group.find((row) => row.parentId && row.language === query.language) ?? null
  const source = query.source === 'draft' ? currentContent(kind, original) : editableOf(kind, original)
  const target = translation ? currentContent(kind, translation) : null
  const pairs = fieldPairs(kind.kind, source, target, kind.translated)
  const needsUpdate = translation ? needsUpdateOf(kind, translation, original) : null
  const times = translation ? (await pendingSchedules(db, kind.kind, [translation.id]))(translation.id) : null
  return {
    name: original.title,
    id: original.id,
    sourceLanguage: original.language,
    targetId: translation?.id ?? null,
    targetVersion: translation?.version ?? null,
    publishing: translation && times ? publishingFields(kind, translation, group, times) : null,
    pairs,
    needsUpdate,
    machineFields: translation
      ? await unreviewedFields(db, kind.kind, translation.id, translation.language, currentContent(kind, translation))
      : [],
  }
}

async function pageBench(db: Executor, query: WorkbenchQuery) {
  if (query.language === BASE_LANGUAGE)
    throw badRequest('English is every page text’s source: choose another language', 'language')
  const [row] = await db.select().from(translationPages).where(eq(translationPages.id, query.id))
  if (!row) throw notFound(PAGE_NOT_FOUND)
  const published = row.translations[0] ?? {}
  const { source, target } = pageSides(row, query.language, query.source)
  const times = await pendingSchedules(db, 'translation-page', [row.id])
  const admin = toAdminPage(row, (lang) => times(row.id, lang), false)
  return {
    name: row.page,
    id: row.id,
    sourceLanguage: BASE_LANGUAGE,
    targetId: row.id,
    targetVersion: row.version,
    publishing: languageState(row, query.language) ? (admin.publishing[query.language] ?? null) : null,
    pairs: fieldPairs('translation-page', source, target),
    needsUpdate: pageNeedsUpdate(published, row.publishing, query.language),
    machineFields: await unreviewedFields(db, 'translation-page', row.id, query.language, target),
  }
}

/** The workbench of a record (any member of its group names it) or a page text, in one language. */
export async function readWorkbench(db: Executor, aids: TranslationAids, query: WorkbenchQuery): Promise<Workbench> {
  if (!(await languageExists(db, query.language))) throw notFound(`Language "${query.language}" does not exist`)
  const bench =
    query.kind === 'translation-page'
      ? await pageBench(db, query)
      : await recordBench(db, recordKind(query.kind), query)
  const machine = new Set(bench.machineFields)
  const fields = await withAids(
    aids,
    { source: bench.sourceLanguage, target: query.language },
    bench.pairs.map((pair) => ({
      key: pair.key,
      label: pair.label,
      long: pair.long,
      maxLength: pair.maxLength,
      source: pair.source,
      target: pair.target,
      outdated: outdatedOf(pair, bench.needsUpdate),
      machine: machine.has(pair.key),
    })),
  )
  return {
    kind: query.kind,
    id: bench.id,
    name: bench.name,
    sourceLanguage: bench.sourceLanguage,
    language: query.language,
    source: query.source,
    targetId: bench.targetId,
    targetVersion: bench.targetVersion,
    publishing: bench.publishing,
    fields,
    machineFields: bench.machineFields.filter((key) => fields.some((field) => field.key === key)),
  }
}
