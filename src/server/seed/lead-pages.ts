import { eq } from 'drizzle-orm'
import { PRIVACY_POLICY_PAGE } from '../../shared/constants.js'
import type { PageTranslations, TranslationPage } from '../../shared/types.js'
import type { Db } from '../db/client.js'
import { appState } from '../db/schema.js'
import { HttpError } from '../errors.js'
import type { ServiceContext } from '../services/context.js'
import { listLanguages } from '../services/languages.js'
import { addTranslationPage, getTranslationPageBySlug, updateTranslationPage } from '../services/translation-pages.js'
import { leadFormRows, translatedText, visitCountingRows } from './lead-texts.js'

/** Marks that a site made before issue 11 has had the form's texts added (once: decision 052). */
const LEAD_TEXTS_KEY = 'lead_texts'

async function findPage(ctx: ServiceContext, page: string): Promise<TranslationPage | null> {
  try {
    return await getTranslationPageBySlug(ctx.db, page)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null
    throw error
  }
}

/**
 * The privacy page's `privacy-policy` translation page with the default text, when it is missing:
 * the admin then finds it in Translations. An existing page is never touched.
 */
export async function ensurePrivacyPolicyPage(ctx: ServiceContext): Promise<void> {
  if (await findPage(ctx, PRIVACY_POLICY_PAGE)) return
  // A new privacy-policy page starts with the default text (translation-pages.ts).
  await addTranslationPage(ctx, PRIVACY_POLICY_PAGE)
}

/**
 * Marks the forms' texts as in place: the demo seed wrote them, or the site starts empty and shows
 * the built-in texts until the admin writes its own. Such a site (and a restore of it) is never
 * given them again by ensureLeadTexts.
 */
export async function markLeadTextsDone(db: Db): Promise<void> {
  await db.insert(appState).values({ key: LEAD_TEXTS_KEY, value: 'done' }).onConflictDoNothing()
}

/**
 * A site made before issue 11, at its next start: the privacy page, and the forms' new texts
 * (consent, first layer, WhatsApp) in Spanish and Swedish added to its `contact` page, so the
 * consent a Spanish visitor gives is to Spanish words. Only keys the page lacks are added, and
 * only once (an app_state marker), so a text the admin later removes stays removed.
 */
export async function ensureLeadTexts(ctx: ServiceContext): Promise<void> {
  const [done] = await ctx.db.select().from(appState).where(eq(appState.key, LEAD_TEXTS_KEY))
  if (done) return
  await ensurePrivacyPolicyPage(ctx)
  const contact = await findPage(ctx, 'contact')
  if (contact) {
    const codes = (await listLanguages(ctx.db)).map((l) => l.code)
    const current = contact.translations[0] ?? {}
    const merged: PageTranslations[number] = { ...current }
    let added = 0
    for (const [code, texts] of Object.entries(translatedText(leadFormRows, codes))) {
      merged[code] = { ...texts, ...current[code] }
      added += Object.keys(merged[code]).length - Object.keys(current[code] ?? {}).length
    }
    if (added > 0) {
      await updateTranslationPage(ctx, contact._id, { translations: [merged, ...contact.translations.slice(1)] })
    }
  }
  await markLeadTextsDone(ctx.db)
}

/** Marks that the privacy page has had the paragraph on counting visits offered (issue 25, once). */
const VISIT_COUNTING_TEXT_KEY = 'visit_counting_text'

/**
 * A site made before issue 25, at its next start: the privacy page's paragraph on counting visits
 * in English, Spanish and Swedish (those of them the site has), added once where the page lacks
 * it, so every language says what is counted. The admin's own words stay; a site without the
 * privacy page shows the built-in text, which has it.
 */
export async function ensureVisitCountingText(ctx: ServiceContext): Promise<void> {
  const [done] = await ctx.db.select().from(appState).where(eq(appState.key, VISIT_COUNTING_TEXT_KEY))
  if (done) return
  const page = await findPage(ctx, PRIVACY_POLICY_PAGE)
  if (page) {
    const codes = (await listLanguages(ctx.db)).map((l) => l.code)
    const current = page.translations[0] ?? {}
    const additions: PageTranslations[number] = {
      en: Object.fromEntries(visitCountingRows.map(([key]) => [key, key])),
      ...translatedText(visitCountingRows, codes),
    }
    const merged: PageTranslations[number] = { ...current }
    let added = 0
    for (const [code, texts] of Object.entries(additions)) {
      merged[code] = { ...texts, ...current[code] }
      added += Object.keys(merged[code]).length - Object.keys(current[code] ?? {}).length
    }
    if (added > 0) await updateTranslationPage(ctx, page._id, { translations: [merged, ...page.translations.slice(1)] })
  }
  await ctx.db.insert(appState).values({ key: VISIT_COUNTING_TEXT_KEY, value: 'done' }).onConflictDoNothing()
}
