import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { PRIVACY_POLICY_PAGE } from '../../shared/constants.js'
import type { SeoFields } from '../../shared/seo-fields.js'
import type { PageTranslations, TranslationPage } from '../../shared/types.js'
import type { Db, Executor } from '../db/client.js'
import { translationPages } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { defaultPrivacyPolicyText } from '../seed/lead-texts.js'
import { listLanguages } from './languages.js'
import { appendAudit } from './audit-log.js'
import { currentText, editPageText, lockPage, pageLanguages, toAdminPage } from './publishing/page-texts.js'
import { unreviewedFields } from '../translation/machine-fields.js'
import { pendingSchedules } from './publishing/record-state.js'
import { checkVersion } from './publishing/stale-version.js'
import type { WriteOptions } from '../../shared/schemas/publishing.schema.js'

type PageRow = typeof translationPages.$inferSelect

const toPage = (row: PageRow): TranslationPage => ({
  _id: row.id,
  page: row.page,
  translations: row.translations,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const duplicatePage = (page: string) => conflict(`A translation page "${page}" already exists`, 'page')

/** The back office's list: every language's text and its publishing state (issue 22). */
export async function listTranslationPages(db: Executor) {
  const rows = await db.select().from(translationPages).orderBy(asc(translationPages.page))
  const times = await pendingSchedules(
    db,
    'translation-page',
    rows.map((r) => r.id),
  )
  return rows.map((row) => toAdminPage(row, (lang) => times(row.id, lang), false))
}

/** One page as the back office edits it, with each language's draft. */
export async function getTranslationPage(db: Executor, id: string) {
  const [row] = await db.select().from(translationPages).where(eq(translationPages.id, id))
  if (!row) throw notFound('Translation page not found')
  const times = await pendingSchedules(db, 'translation-page', [row.id])
  const machineFields: Record<string, string[]> = {}
  for (const lang of pageLanguages(row))
    machineFields[lang] = await unreviewedFields(db, 'translation-page', row.id, lang, currentText(row, lang) ?? {})
  // machineFields: per language, the keys whose text is still the machine's (issue 40, decision 158).
  return { ...toAdminPage(row, (lang) => times(row.id, lang), true), machineFields }
}

export async function getTranslationPageBySlug(db: Executor, page: string): Promise<TranslationPage> {
  const [row] = await db.select().from(translationPages).where(eq(translationPages.page, page))
  if (!row) throw notFound('Translation page not found')
  return toPage(row)
}

/** The SEO fields of a page text's published languages (decision 112); empty for an unknown page. */
export async function getPageSeo(db: Executor, page: string): Promise<Record<string, SeoFields>> {
  const [row] = await db.select().from(translationPages).where(eq(translationPages.page, page))
  const published = Object.keys(row?.translations[0] ?? {})
  return Object.fromEntries(published.filter((lang) => row!.seo[lang]).map((lang) => [lang, row!.seo[lang]!]))
}

/**
 * The text a new page starts with when none is given: the privacy policy starts with its default
 * text (every English key, es and sv where the site has them), so the admin has it to edit.
 */
async function startingText(db: Db, page: string): Promise<PageTranslations> {
  if (page !== PRIVACY_POLICY_PAGE) return [{}]
  return defaultPrivacyPolicyText((await listLanguages(db)).map((l) => l.code))
}

export async function addTranslationPage(
  ctx: ServiceContext,
  page: string,
  translations?: PageTranslations,
): Promise<TranslationPage> {
  try {
    const text = translations ?? (await startingText(ctx.db, page))
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(translationPages)
        .values({ id: randomUUID(), page, translations: text })
        .returning()
      await appendAudit(tx, ctx.actor, {
        action: 'create',
        kind: 'translation-page',
        recordId: inserted!.id,
        recordLabel: page,
      })
      return inserted!
    })
    ctx.contentChanged()
    return toPage(row)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePage(page)
    throw error
  }
}

/**
 * Stores the page's text as given (SPEC 3 shape); every language code in it must exist. Published
 * at once unless `saveAs=draft` (page-texts.ts says per language what that means).
 */
export async function updateTranslationPage(
  ctx: ServiceContext,
  id: string,
  input: { page?: string; translations?: PageTranslations; seo?: Record<string, Partial<SeoFields>> },
  options: WriteOptions = {},
) {
  if (input.translations) await checkLanguageCodes(ctx.db, input.translations)
  const ogImages = Object.values(input.seo ?? {})
    .map((seo) => seo.ogImage)
    .filter((path): path is string => Boolean(path))
  if (!(await ctx.images.allKnown(ctx.db, ogImages)))
    throw badRequest('ogImage must be an image uploaded to this server (upload it with /upload-image)', 'seo')
  try {
    const { publicChanged } = await ctx.db.transaction(async (tx) => {
      const row = await lockPage(tx, id)
      checkVersion(options.version, {
        version: row.version,
        changedBy: lastChangedBy(row),
        changedAt: row.updatedAt,
      })
      return editPageText(
        tx,
        ctx,
        row,
        input.translations,
        options.saveAs === 'draft' ? 'draft' : 'publish',
        input.page,
        input.seo,
      )
    })
    if (publicChanged) ctx.contentChanged()
    return getTranslationPage(ctx.db, id)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePage(input.page ?? '')
    throw error
  }
}

/** Who changed a page last: the latest change among its languages. */
function lastChangedBy(row: { publishing: Record<string, { changedBy: string | null; changedAt: string }> }) {
  const latest = Object.values(row.publishing).sort((a, b) => b.changedAt.localeCompare(a.changedAt))[0]
  return latest?.changedBy ?? null
}

export async function deleteTranslationPage(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPage(tx, id)
    await tx.delete(translationPages).where(eq(translationPages.id, id))
    await appendAudit(tx, ctx.actor, {
      action: 'delete',
      kind: 'translation-page',
      recordId: id,
      recordLabel: row.page,
    })
  })
  ctx.contentChanged()
}

async function checkLanguageCodes(db: Db, translations: PageTranslations) {
  const known = new Set((await listLanguages(db)).map((l) => l.code))
  const unknown = Object.keys(translations[0] ?? {}).filter((code) => !known.has(code))
  if (unknown.length > 0) throw badRequest(`Unknown language code: ${unknown.join(', ')}`, 'translations')
}
