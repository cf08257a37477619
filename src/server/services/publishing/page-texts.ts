import { eq, type SQL, sql } from 'drizzle-orm'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { PageLanguagePublishing, PageLanguageState, PagePublishing } from '../../../shared/publishing.js'
import { refuseIfUnreviewed, unreviewedFields } from '../../translation/machine-fields.js'
import { rememberFields } from '../../translation/memory-hook.js'
import { pageTranslationsSchema } from '../../../shared/schemas/translation-page.schema.js'
import type { PageTranslations, TranslationPage } from '../../../shared/types.js'
import type { Executor } from '../../db/client.js'
import { translationPages } from '../../db/schema.js'
import { badRequest, notFound } from '../../errors.js'
import type { Actor } from '../actor.js'
import { appendAudit, type AuditEntry } from '../audit-log.js'
import type { ServiceContext } from '../context.js'
import { englishText, pageNeedsUpdate, sourceOfText } from './page-sources.js'
import { announcePageText } from './public-addresses.js'
import type { PendingTimes } from './record-state.js'
import { statusOf } from './record-state.js'
import { cancelPending, type ScheduleAction, type ScheduleClaim, settleClaim } from './schedule-rows.js'
import { addVersion } from './versions.js'
import { SEO_FIELD_NAMES, type SeoFields, seoOf } from '../../../shared/seo-fields.js'
import { sourceKeys, textsOf } from '../../../shared/page-texts.js'

export type PageRow = typeof translationPages.$inferSelect
type Text = Record<string, string>

export const PAGE_NOT_FOUND = 'Translation page not found'

/**
 * Page texts per language (decision 081): `translations[0]` holds only the published languages,
 * so every public read stays what it was; `publishing[lang]` holds each language's state, draft
 * and, while unpublished, its text kept off the site. A language with no entry there is published
 * (existing content).
 */
export function languageState(row: PageRow, lang: string): PageLanguageState | undefined {
  const stored = row.publishing[lang]
  if (stored) return stored
  if (row.translations[0]?.[lang] === undefined) return undefined
  return {
    state: 'published',
    version: 1,
    changedBy: null,
    changedAt: row.updatedAt.toISOString(),
    draft: null,
    withheld: null,
    scheduleError: null,
  }
}

/** Every language the page has text in, published or not. */
export const pageLanguages = (row: PageRow) =>
  [...new Set([...Object.keys(row.translations[0] ?? {}), ...Object.keys(row.publishing)])].sort()

/** The text of a language as the admin edits it: its draft, else its public or withheld text. */
export function currentText(row: PageRow, lang: string): Text | undefined {
  const state = languageState(row, lang)
  return state?.draft ?? row.translations[0]?.[lang] ?? state?.withheld ?? undefined
}

/** The text of a language when it is not a draft: public, or withheld while unpublished. */
const standingText = (row: PageRow, lang: string) =>
  row.translations[0]?.[lang] ?? languageState(row, lang)?.withheld ?? undefined

/** A language's SEO fields as the admin edits them: its draft's, else its published ones (decision 112). */
export const currentSeo = (row: PageRow, lang: string): SeoFields =>
  seoOf(languageState(row, lang)?.seoDraft ?? row.seo[lang])

/** The page as the back office reads it: every language's text, and its publishing per language. */
export function toAdminPage(row: PageRow, times: (lang: string) => PendingTimes, withDraft: boolean) {
  const text: Record<string, Text> = {}
  const seo: Record<string, SeoFields> = {}
  const publishing: Record<string, PageLanguagePublishing> = {}
  for (const lang of pageLanguages(row)) {
    const state = languageState(row, lang)!
    text[lang] = standingText(row, lang) ?? state.draft ?? {}
    seo[lang] = seoOf(row.seo[lang])
    const pending = times(lang)
    publishing[lang] = {
      publishStatus: statusOf(state.state, pending),
      hasDraft: state.draft !== null || Boolean(state.seoDraft),
      publishAt: pending.publishAt?.toISOString() ?? null,
      unpublishAt: pending.unpublishAt?.toISOString() ?? null,
      version: state.version,
      needsUpdate: pageNeedsUpdate(row.translations[0] ?? {}, row.publishing, lang),
      scheduleError: state.scheduleError,
      changedBy: state.changedBy,
      changedAt: state.changedAt,
      draft: withDraft ? state.draft : null,
      seoDraft: withDraft ? (state.seoDraft ?? null) : null,
    }
  }
  return {
    _id: row.id,
    page: row.page,
    translations: [text] as PageTranslations,
    seo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    publishing,
  } satisfies TranslationPage & Record<string, unknown>
}

export async function lockPage(tx: Executor, id: string): Promise<PageRow> {
  const [row] = await tx.select().from(translationPages).where(eq(translationPages.id, id)).for('update')
  if (!row) throw notFound(PAGE_NOT_FOUND)
  return row
}

/** The English a language was last saved from, kept through changes that are not a save of its text. */
const keptSource = (state: PageLanguageState | undefined) =>
  state?.sourceText ? { sourceText: state.sourceText, sourceFingerprint: state.sourceFingerprint ?? null } : {}

const same = (a: Text | undefined, b: Text | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const changedKeys = (before: Text | undefined, after: Text) =>
  [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].filter((k) => before?.[k] !== after[k]).sort()
const keyChanges = (before: Text | undefined, after: Text) =>
  Object.fromEntries(changedKeys(before, after).map((k) => [k, { from: before?.[k] ?? null, to: after[k] ?? null }]))

/** Where a page version's data keeps the language's SEO fields (beside its text's keys). */
const SEO_KEY = '@seo'

/** The SEO fields a change changed, as audit field changes. */
const seoChanges = (change: LanguageChange) =>
  change.seo
    ? SEO_FIELD_NAMES.filter((key) => change.seo!.before[key] !== change.seo!.after[key]).map(
        (key) => [key, { from: change.seo!.before[key], to: change.seo!.after[key] }] as const,
      )
    : []

/** What one language's change is: recorded as a version and an audit entry. */
interface LanguageChange {
  lang: string
  state: 'draft' | 'published' | 'unpublished' | 'restored'
  action: AuditEntry['action']
  before: Text | undefined
  after: Text
  /** The language's SEO fields, when this change sets them. */
  seo?: { before: SeoFields; after: SeoFields }
  number: number
}

/** The page being changed: its public text and per-language states, edited in memory then written once. */
class PageEdit {
  published: Record<string, Text>
  publishing: PagePublishing
  seo: Record<string, SeoFields>
  changes: LanguageChange[] = []
  publicChanged = false
  /** The languages saved from the form, with their text: each now follows the English as it stands. */
  private written = new Map<string, Text>()

  constructor(
    readonly row: PageRow,
    readonly actor: Actor,
  ) {
    this.published = { ...(row.translations[0] ?? {}) }
    this.publishing = { ...row.publishing }
    this.seo = { ...row.seo }
  }

  private next(lang: string): PageLanguageState {
    const state = languageState(this.row, lang)
    const now = new Date().toISOString()
    return {
      state: state?.state ?? 'draft',
      version: (state?.version ?? 0) + 1,
      changedBy: this.actor.username,
      changedAt: now,
      draft: state?.draft ?? null,
      withheld: state?.withheld ?? null,
      scheduleError: null,
      seoDraft: state?.seoDraft ?? null,
      ...keptSource(state),
    }
  }

  /** A translation saved by update-translation was written from the English as it is after this edit. */
  followsEnglish(lang: string, text: Text) {
    if (lang !== BASE_LANGUAGE) this.written.set(lang, text)
  }

  saveDraft(lang: string, text: Text, state: 'draft' | 'restored' = 'draft') {
    const next = { ...this.next(lang), draft: text }
    this.publishing[lang] = next
    const before = currentText(this.row, lang)
    this.changes.push({
      lang,
      state,
      action: state === 'draft' ? 'save-draft' : 'restore-version',
      before,
      after: text,
      number: next.version,
    })
  }

  /** Publishes a language's text; with `withSeoDraft` (the Publish button) its pending SEO fields too. */
  publish(lang: string, text: Text, action: string, withSeoDraft = false) {
    const next: PageLanguageState = { ...this.next(lang), state: 'published', draft: null, withheld: null }
    const seoDraft = languageState(this.row, lang)?.seoDraft
    if (withSeoDraft && seoDraft) {
      this.seo[lang] = seoDraft
      next.seoDraft = null
    }
    this.publishing[lang] = next
    const before = this.row.translations[0]?.[lang]
    this.published[lang] = text
    this.publicChanged = true
    this.changes.push({
      lang,
      state: 'published',
      action,
      before,
      after: text,
      number: next.version,
      ...(withSeoDraft && seoDraft && { seo: { before: seoOf(this.row.seo[lang]), after: seoDraft } }),
    })
  }

  /**
   * A language's SEO fields from update-translation: a draft, or published at once. Joins the
   * language's text change of this edit when there is one (one version, one audit entry).
   */
  setSeo(lang: string, given: Partial<SeoFields>, mode: 'draft' | 'publish') {
    const before = currentSeo(this.row, lang)
    const after = seoOf({ ...before, ...given })
    const same = (a: SeoFields) => JSON.stringify(a) === JSON.stringify(after)
    if (mode === 'draft' ? same(before) : same(seoOf(this.row.seo[lang])) && !languageState(this.row, lang)?.seoDraft)
      return
    const joined = this.changes.find((change) => change.lang === lang)
    const state = joined ? this.publishing[lang]! : this.next(lang)
    if (mode === 'draft') this.publishing[lang] = { ...state, seoDraft: after }
    else {
      this.publishing[lang] = { ...state, seoDraft: null }
      this.seo[lang] = after
      this.publicChanged = true
    }
    if (joined) joined.seo = { before, after }
    else {
      const text = currentText(this.row, lang) ?? {}
      this.changes.push({
        lang,
        state: mode === 'draft' ? 'draft' : 'published',
        action: mode === 'draft' ? 'save-draft' : 'update',
        before: text,
        after: text,
        seo: { before, after },
        number: state.version,
      })
    }
  }

  unpublish(lang: string) {
    const text = this.published[lang] ?? {}
    const next: PageLanguageState = { ...this.next(lang), state: 'unpublished', withheld: text }
    this.publishing[lang] = next
    delete this.published[lang]
    this.publicChanged = true
    this.changes.push({
      lang,
      state: 'unpublished',
      action: 'unpublish',
      before: text,
      after: text,
      number: next.version,
    })
  }

  /** A language left out of an update-translation is removed, as the spec's call always did. */
  remove(lang: string) {
    if (this.published[lang] !== undefined) this.publicChanged = true
    delete this.published[lang]
    delete this.publishing[lang]
    delete this.seo[lang]
  }

  async write(tx: Executor, ctx: ServiceContext, extra: { page?: string } = {}) {
    const english = englishText(this.published, this.publishing)
    for (const [lang, text] of this.written)
      if (this.publishing[lang]) this.publishing[lang] = { ...this.publishing[lang], ...sourceOfText(english, text) }
    await tx
      .update(translationPages)
      .set({
        ...extra,
        translations: [this.published],
        publishing: this.publishing,
        seo: this.seo,
        version: this.row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(translationPages.id, this.row.id))
    for (const change of this.changes) {
      const versionId = await addVersion(
        tx,
        ctx.actor,
        ctx.publishing.versions,
        { kind: 'translation-page', recordId: this.row.id, language: change.lang },
        {
          number: change.number,
          state: change.state,
          fields: [...changedKeys(change.before, change.after), ...seoChanges(change).map(([key]) => key)],
          data: change.seo ? { ...change.after, [SEO_KEY]: change.seo.after } : change.after,
        },
      )
      await appendAudit(tx, ctx.actor, {
        action: change.action,
        kind: 'translation-page',
        recordId: this.row.id,
        recordLabel: extra.page ?? this.row.page,
        language: change.lang,
        changes:
          change.action === 'unpublish'
            ? { publishState: { from: 'published', to: 'unpublished' } }
            : { ...keyChanges(change.before, change.after), ...Object.fromEntries(seoChanges(change)) },
        versionId,
      })
    }
    // Every language published here (update-translation, a publish now or scheduled) feeds the
    // translation memory beside the English as this edit leaves it.
    const saved = { ...this.row, translations: [this.published], publishing: this.publishing }
    for (const change of this.changes)
      if (change.state === 'published') await rememberPageText(tx, saved, change.lang, change.after)
  }
}

/** A published page-text language's sentences into the memory beside its English (decision 158). */
export async function rememberPageText(tx: Executor, row: PageRow, lang: string, text: Text) {
  if (lang === BASE_LANGUAGE) return
  const { source } = pageSides(row, lang, 'published')
  await rememberFields(
    tx,
    'translation-page',
    row.id,
    { source: BASE_LANGUAGE, target: lang },
    { source, target: text },
  )
}

/**
 * update-translation. Published at once (the spec's meaning): every language whose text differs
 * from what it shows is published; an unpublished or draft-only language sent back unchanged
 * keeps its state. With saveAs=draft, every language whose text differs from its current text
 * gets a draft and nothing public changes.
 */
export async function editPageText(
  tx: Executor,
  ctx: ServiceContext,
  row: PageRow,
  translations: PageTranslations | undefined,
  mode: 'draft' | 'publish',
  page?: string,
  seo: Record<string, Partial<SeoFields>> = {},
): Promise<{ publicChanged: boolean }> {
  const edit = new PageEdit(row, ctx.actor)
  const given = translations?.[0]
  if (given) {
    for (const [lang, text] of Object.entries(given)) {
      const state = languageState(row, lang)
      if (mode === 'draft') {
        if (!same(currentText(row, lang), text)) edit.saveDraft(lang, text)
        continue
      }
      const before =
        !state || state.state === 'published'
          ? row.translations[0]?.[lang]
          : state.state === 'draft'
            ? (state.draft ?? undefined)
            : (state.withheld ?? undefined)
      if (same(before, text)) continue
      // MT_REQUIRE_REVIEW: a save that publishes a language may not publish machine text nobody reviewed.
      if (ctx.publishing.requireMachineReview && lang !== BASE_LANGUAGE)
        refuseIfUnreviewed(await unreviewedFields(tx, 'translation-page', row.id, lang, text))
      edit.publish(lang, text, 'update')
    }
    if (mode === 'publish') for (const lang of pageLanguages(row)) if (!(lang in given)) edit.remove(lang)
    // Each language saved here is a translator's save: it now follows the English (needsUpdate).
    for (const change of edit.changes) edit.followsEnglish(change.lang, change.after)
  }
  for (const [lang, fields] of Object.entries(seo)) {
    if (!languageState(row, lang) && !given?.[lang]) throw badRequest(`This page has no text in ${lang}`, 'seo')
    if (mode === 'publish' && given && !(lang in given)) continue
    edit.setSeo(lang, fields, mode)
  }
  await edit.write(tx, ctx, page ? { page } : {})
  return { publicChanged: edit.publicChanged || (page !== undefined && page !== row.page) }
}

/**
 * Publishing or unpublishing one language, now or when its schedule comes: the page locked, the
 * schedule's claim settled and the language's other schedules of that action cancelled, then
 * `change` (false: nothing changed); the site is told when something did.
 */
async function changeLanguageState(
  ctx: ServiceContext,
  id: string,
  lang: string,
  action: ScheduleAction,
  claim: ScheduleClaim | undefined,
  change: (tx: Executor, row: PageRow, state: PageLanguageState) => Promise<boolean>,
) {
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, id)
    const state = languageState(row, lang)
    if (!state) throw notFound('This page has no text in that language')
    if (claim && !(await settleClaim(tx, claim))) return false
    await cancelPending(tx, { kind: 'translation-page', recordId: id, language: lang }, action)
    return change(tx, row, state)
  })
  if (changed) ctx.contentChanged()
}

/** Publishes one language now: its draft, or its withheld text. */
export async function publishPageLanguage(ctx: ServiceContext, id: string, lang: string, claim?: ScheduleClaim) {
  await changeLanguageState(ctx, id, lang, 'publish', claim, async (tx, row, state) => {
    if (state.state === 'published' && !state.draft && !state.seoDraft) return false
    const text = state.draft ?? state.withheld ?? row.translations[0]?.[lang] ?? {}
    if (ctx.publishing.requireMachineReview)
      refuseIfUnreviewed(await unreviewedFields(tx, 'translation-page', id, lang, text))
    const checked = pageTranslationsSchema.safeParse([{ [lang]: text }])
    if (!checked.success)
      throw badRequest(`The ${lang} version cannot be published: ${checked.error.issues[0]?.message}`, 'translations')
    const edit = new PageEdit(row, ctx.actor)
    edit.publish(lang, text, 'publish', true)
    await edit.write(tx, ctx)
    await announcePageText(tx, ctx, row.page, lang)
    return true
  })
}

export async function unpublishPageLanguage(ctx: ServiceContext, id: string, lang: string, claim?: ScheduleClaim) {
  await changeLanguageState(ctx, id, lang, 'unpublish', claim, async (tx, row, state) => {
    if (state.state !== 'published') return false
    const edit = new PageEdit(row, ctx.actor)
    edit.unpublish(lang)
    await edit.write(tx, ctx)
    await announcePageText(tx, ctx, row.page, lang)
    return true
  })
}

export async function restorePageVersion(ctx: ServiceContext, id: string, lang: string, data: Record<string, unknown>) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, id)
    const text = Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string')) as Text
    const edit = new PageEdit(row, ctx.actor)
    edit.saveDraft(lang, text, 'restored')
    const seo = data[SEO_KEY]
    if (seo && typeof seo === 'object') edit.setSeo(lang, seoOf(seo), 'draft')
    await edit.write(tx, ctx)
  })
}

/** A failed scheduled run, shown on that language. */
export async function pageScheduleFailed(tx: Executor, id: string, lang: string, message: string) {
  const row = await lockPage(tx, id).catch(() => undefined)
  const state = row && languageState(row, lang)
  if (!row || !state) return
  await tx
    .update(translationPages)
    .set({ publishing: { ...row.publishing, [lang]: { ...state, scheduleError: message } } })
    .where(eq(translationPages.id, id))
}

/**
 * 'Mark as up to date' for one language: the English as it stands now becomes what it follows.
 * Its version and who changed it move on, as a project translation's do; the page's own version
 * does not (no text changed, so an edit screen open on the page may still save).
 */
export async function markPageLanguageUpToDate(ctx: ServiceContext, id: string, lang: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, id)
    const state = languageState(row, lang)
    if (!state) throw notFound('This page has no text in that language')
    if (lang === BASE_LANGUAGE) throw badRequest('Only a translation can fall behind its original')
    const source = sourceOfText(englishText(row.translations[0] ?? {}, row.publishing), currentText(row, lang) ?? {})
    const next: PageLanguageState = {
      ...state,
      ...source,
      version: state.version + 1,
      changedBy: ctx.actor.username,
      changedAt: new Date().toISOString(),
    }
    await tx
      .update(translationPages)
      .set({ publishing: { ...row.publishing, [lang]: next } })
      .where(eq(translationPages.id, id))
    await appendAudit(tx, ctx.actor, {
      action: 'mark-up-to-date',
      kind: 'translation-page',
      recordId: id,
      recordLabel: row.page,
      language: lang,
      changes: { sourceText: { from: state.sourceText ?? null, to: source.sourceText } },
    })
  })
}

/**
 * SQL: does a page text's SEO (published or a draft) name the image at `path` as its ogImage?
 * Paths are unique file names, so finding the text in the JSON is exact enough for the sweeper.
 */
export const pageSeoHoldsImage = (path: SQL): SQL =>
  sql`exists (select 1 from ${translationPages} where position(${path} in ${translationPages.seo}::text) > 0 or position(${path} in ${translationPages.publishing}::text) > 0)`

/** A page text's English (each key's text, or the key itself) and a language's text as the admin edits it. */
export function pageSides(row: typeof translationPages.$inferSelect, language: string, from: 'published' | 'draft') {
  const published = row.translations[0] ?? {}
  const english = from === 'draft' ? (currentText(row, BASE_LANGUAGE) ?? {}) : englishText(published, row.publishing)
  const target = currentText(row, language) ?? {}
  const keys = sourceKeys({ ...textsOf(row.translations), [BASE_LANGUAGE]: english, [language]: target })
  // A key with no English value is its own English (page-sources.ts).
  const source: Record<string, string> = Object.fromEntries(keys.map((key) => [key, english[key] || key]))
  return { source, target }
}
