import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { PageText } from '../../shared/site-data.js'

/**
 * Only the languages a page can show (route language, then en) and, given `keys`, only the strings
 * it shows: loader data travels in the page's HTML, and the dictionaries are keyed by their English
 * text, so each unused string cost its key and its translation (decision 076). Each component that
 * translates exports the strings it may show (`…_TEXT`); a route lists the components it renders.
 */
export function textFor(text: PageText, lang: string, keys?: readonly string[]): PageText {
  const wanted = keys && new Set(keys)
  const picked: PageText = {}
  for (const code of [lang, BASE_LANGUAGE]) {
    const entries = text[code]
    if (!entries) continue
    picked[code] = wanted ? Object.fromEntries(Object.entries(entries).filter(([key]) => wanted.has(key))) : entries
  }
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
