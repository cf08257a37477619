import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { PageText } from '../../shared/site-data.js'

/** Only the languages a page can show (route language, then en): keeps loader data small. */
export function textFor(text: PageText, lang: string): PageText {
  const picked: PageText = {}
  for (const code of [lang, BASE_LANGUAGE]) if (text[code]) picked[code] = text[code]
  return picked
}

// SPEC 4's rule lives in shared: the server resolves the consent wording with it too (decision 052).
export { makeTranslate, type Translate } from '../../shared/translate.js'

/** Several pages' text as one (a page that shows another page's parts: the project's enquiry form). */
export function mergeText(...texts: PageText[]): PageText {
  const merged: PageText = {}
  for (const text of texts)
    for (const [code, entries] of Object.entries(text)) merged[code] = { ...merged[code], ...entries }
  return merged
}
