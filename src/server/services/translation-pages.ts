import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { PRIVACY_POLICY_PAGE } from '../../shared/constants.js'
import type { PageTranslations, TranslationPage } from '../../shared/types.js'
import type { Db, Executor } from '../db/client.js'
import { translationPages } from '../db/schema.js'
import { badRequest, conflict, isUniqueViolation, notFound } from '../errors.js'
import type { ServiceContext } from './context.js'
import { defaultPrivacyPolicyText } from '../seed/lead-texts.js'
import { listLanguages } from './languages.js'

type PageRow = typeof translationPages.$inferSelect

const toPage = (row: PageRow): TranslationPage => ({
  _id: row.id,
  page: row.page,
  translations: row.translations,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const duplicatePage = (page: string) => conflict(`A translation page "${page}" already exists`, 'page')

export async function listTranslationPages(db: Executor): Promise<TranslationPage[]> {
  return (await db.select().from(translationPages).orderBy(asc(translationPages.page))).map(toPage)
}

export async function getTranslationPage(db: Executor, id: string): Promise<TranslationPage> {
  const [row] = await db.select().from(translationPages).where(eq(translationPages.id, id))
  if (!row) throw notFound('Translation page not found')
  return toPage(row)
}

export async function getTranslationPageBySlug(db: Executor, page: string): Promise<TranslationPage> {
  const [row] = await db.select().from(translationPages).where(eq(translationPages.page, page))
  if (!row) throw notFound('Translation page not found')
  return toPage(row)
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
    const [row] = await ctx.db
      .insert(translationPages)
      .values({ id: randomUUID(), page, translations: translations ?? (await startingText(ctx.db, page)) })
      .returning()
    ctx.contentChanged()
    return toPage(row!)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePage(page)
    throw error
  }
}

/** Stores the page's text as given (SPEC 3 shape); every language code in it must exist. */
export async function updateTranslationPage(
  ctx: ServiceContext,
  id: string,
  input: { page?: string; translations?: PageTranslations },
): Promise<TranslationPage> {
  const current = await getTranslationPage(ctx.db, id)
  if (input.translations) await checkLanguageCodes(ctx.db, input.translations)
  try {
    const [row] = await ctx.db
      .update(translationPages)
      .set({
        page: input.page ?? current.page,
        translations: input.translations ?? current.translations,
        updatedAt: new Date(),
      })
      .where(eq(translationPages.id, id))
      .returning()
    ctx.contentChanged()
    return toPage(row!)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePage(input.page ?? current.page)
    throw error
  }
}

export async function deleteTranslationPage(ctx: ServiceContext, id: string): Promise<void> {
  await getTranslationPage(ctx.db, id)
  await ctx.db.delete(translationPages).where(eq(translationPages.id, id))
  ctx.contentChanged()
}

async function checkLanguageCodes(db: Db, translations: PageTranslations) {
  const known = new Set((await listLanguages(db)).map((l) => l.code))
  const unknown = Object.keys(translations[0] ?? {}).filter((code) => !known.has(code))
  if (unknown.length > 0) throw badRequest(`Unknown language code: ${unknown.join(', ')}`, 'translations')
}
