import { and, eq, isNull } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { type Content, keyOfTextField, type TranslationKind, writeField } from '../../shared/translation-fields.js'
import type { Executor } from '../db/client.js'
import { translationPages } from '../db/schema.js'
import { badRequest, notFound } from '../errors.js'
import type { ServiceContext } from '../services/context.js'
import { languageExists } from '../services/languages.js'
import { createProjectTranslation } from '../services/project-changes.js'
import { createReviewTranslation } from '../services/reviews.js'
import { pageNeedsUpdate } from '../services/publishing/page-sources.js'
import { currentText, editPageText, lockPage, PAGE_NOT_FOUND, pageSides } from '../services/publishing/page-texts.js'
import {
  type ContentRow,
  currentContent,
  editableOf,
  type RecordKind,
  recordKind,
} from '../services/publishing/record-kinds.js'
import { findLiveRecord, lockRecord, saveContent } from '../services/publishing/record-writes.js'
import { readField } from '../../shared/translation-fields.js'

// What a machine fill (machine-fill.ts) needs of each kind it translates, declared once per kind
// (decision 158): a project or a review is a group of records, one per language; a page text is one
// row holding every language. The fill, its draft write and 'Approve' go through this alone.

/** Whether two contents are the same: a write that changes nothing makes no version. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** One translation as the fill sees it. */
export interface FillSubject {
  /** The original's id (a page text's own id). */
  originalId: string
  sourceLanguage: string
  /** The original's translatable content (a page text's English). */
  source: Content
  /** The translation's id (a page text's own id once it has text in the language); null while missing. */
  translationId: string | null
  /** The translation's content as the admin edits it ({} while missing). */
  target: Content
  /** Whether the original's text of a field changed since the translation was last brought up to date. */
  outdated: (field: string) => boolean
}

export interface FillTarget {
  load(db: Executor, id: string, language: string): Promise<FillSubject>
  /** The translation's id, creating it as a draft when missing (before the write's transaction). */
  ensure(ctx: ServiceContext, subject: FillSubject, language: string, fields: Map<string, string>): Promise<string>
  /** Writes the fields into the translation's draft, in the caller's transaction; answers its label. */
  write(
    tx: Executor,
    ctx: ServiceContext,
    id: string,
    language: string,
    fields: Map<string, string>,
    source: Content,
  ): Promise<string>
}

async function recordSubject(db: Executor, kind: RecordKind, id: string, language: string): Promise<FillSubject> {
  let original = await findLiveRecord(db, kind, id)
  if (original.parentId) original = await findLiveRecord(db, kind, original.parentId)
  if (original.language === language) throw badRequest('Choose a language other than the original’s', 'language')
  const { table } = kind
  const [found] = await db
    .select()
    .from(table)
    .where(and(eq(table.parentId, original.id), eq(table.language, language), isNull(table.trashedAt)))
  const translation = found as ContentRow | undefined
  const source = editableOf(kind, original)
  return {
    originalId: original.id,
    sourceLanguage: original.language,
    source,
    translationId: translation?.id ?? null,
    target: translation ? currentContent(kind, translation) : {},
    outdated: (field) => {
      const then = translation?.sourceText
      if (!then) return false
      const amenity = /^amenities\.(\d+)\.title$/.exec(field)
      if (amenity) return (then.amenities ?? '').split('\n')[Number(amenity[1])] !== readField('project', source, field)
      if (!(field in then)) return false
      return then[field] !== readField('project', source, field)
    },
  }
}

function recordTarget(kindName: 'project' | 'review'): FillTarget {
  const kind = recordKind(kindName)
  return {
    load: (db, id, language) => recordSubject(db, kind, id, language),
    async ensure(ctx, subject, language, filled) {
      if (subject.translationId) return subject.translationId
      const title = filled.get('title') ?? String(subject.source.title ?? '')
      const created = await createTranslation(ctx, kindName, subject, language, title, filled).catch(async (error) => {
        // Another instance created it meanwhile (one member per language per group): use theirs.
        const raced = (await recordSubject(ctx.db, kind, subject.originalId, language)).translationId
        if (raced) return { _id: raced }
        throw error
      })
      return created._id
    },
    async write(tx, ctx, id, _language, filled, source) {
      const row = await lockRecord(tx, kind, id)
      const current = currentContent(kind, row)
      let next: Content = current
      for (const [field, text] of filled) next = writeField(kindName, next, field, text, source)
      if (!same(current, next)) await saveContent(tx, ctx, kind, row, next, 'draft')
      return String(next.title ?? '')
    },
  }
}

/** A project's or review's translation, created as a draft. */
function createTranslation(
  ctx: ServiceContext,
  kindName: 'project' | 'review',
  subject: FillSubject,
  language: string,
  title: string,
  filled: Map<string, string>,
): Promise<{ _id: string }> {
  return kindName === 'project'
    ? createProjectTranslation(
        ctx,
        { language, title },
        { translate: true, parentId: subject.originalId },
        {},
        { saveAs: 'draft' },
      )
    : createReviewTranslation(
        ctx,
        subject.originalId,
        {
          language,
          title,
          description: filled.get('description') ?? String(subject.source.description ?? ''),
        } as never,
        {},
        { saveAs: 'draft' },
      )
}

const pageTarget: FillTarget = {
  async load(db, id, language) {
    if (!(await languageExists(db, language))) throw badRequest(`Unknown language "${language}"`, 'language')
    if (language === BASE_LANGUAGE)
      throw badRequest('English is every page text’s source: choose another language', 'language')
    const [row] = await db.select().from(translationPages).where(eq(translationPages.id, id))
    if (!row) throw notFound(PAGE_NOT_FOUND)
    const { source, target } = pageSides(row, language, 'published')
    const behind = new Set(pageNeedsUpdate(row.translations[0] ?? {}, row.publishing, language)?.fields ?? [])
    return {
      originalId: row.id,
      sourceLanguage: BASE_LANGUAGE,
      source,
      translationId: currentText(row, language) ? row.id : null,
      target,
      outdated: (field) => behind.has(keyOfTextField(field) ?? field),
    }
  },
  ensure: async (_ctx, subject) => subject.originalId,
  async write(tx, ctx, id, language, filled, source) {
    const row = await lockPage(tx, id)
    const current: Content = { ...(currentText(row, language) ?? {}) }
    let next = current
    for (const [field, text] of filled) next = writeField('translation-page', next, field, text, source)
    if (!same(current, next))
      await editPageText(tx, ctx, row, [{ [language]: next as Record<string, string> }], 'draft')
    return row.page
  },
}

const targets: Record<TranslationKind, FillTarget> = {
  project: recordTarget('project'),
  review: recordTarget('review'),
  'translation-page': pageTarget,
}

export const fillTarget = (kind: TranslationKind): FillTarget => targets[kind]
