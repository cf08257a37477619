import type { PageText } from '../../shared/site-data.js'

// SPEC 4's rule lives in shared: the server resolves the consent wording with it too (decision 052).
export { makeTranslate, textFor, type Translate } from '../../shared/translate.js'

/** Several pages' text as one (a page that shows another page's parts: the project's enquiry form). */
export function mergeText(...texts: PageText[]): PageText {
  const merged: PageText = {}
  for (const text of texts)
    for (const [code, entries] of Object.entries(text)) merged[code] = { ...merged[code], ...entries }
  return merged
}
