import { createHash } from 'node:crypto'
import { CONSENT_TEXT_VERSION } from '../../shared/constants.js'
import { CONSENT_WORDING_KEYS } from '../../shared/privacy-policy.js'
import { makeTranslate, textFor } from '../../shared/translate.js'
import type { Executor } from '../db/client.js'
import { HttpError } from '../errors.js'
import { getTranslationPageBySlug } from './translation-pages.js'

/** The page whose text holds the consent wording (the forms read it; decision 052). */
const CONSENT_TEXT_PAGE = 'contact'

/**
 * Which consent wording a visitor agreed to: `<built-in version>/<language>/<8 hex>`, the last part
 * a SHA-256 of the wording as the page showed it in that language (the admin's words where they
 * changed it, SPEC 4's fallbacks elsewhere). Rewording in the admin gives a new version.
 */
export async function consentVersion(db: Executor, lang: string): Promise<string> {
  let text = {}
  try {
    text = (await getTranslationPageBySlug(db, CONSENT_TEXT_PAGE)).translations[0] ?? {}
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 404)) throw error
  }
  const wording = CONSENT_WORDING_KEYS.map(makeTranslate(lang, [textFor(text, lang)])).join('\n')
  const digest = createHash('sha256').update(wording).digest('hex').slice(0, 8)
  return `${CONSENT_TEXT_VERSION}/${lang}/${digest}`
}
