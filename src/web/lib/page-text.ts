import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { PageText } from '../../shared/site-data.js'

/** Only the languages a page can show (route language, then en): keeps loader data small. */
export function textFor(text: PageText, lang: string): PageText {
  const picked: PageText = {}
  for (const code of [lang, BASE_LANGUAGE]) if (text[code]) picked[code] = text[code]
  return picked
}

export type Translate = (source: string) => string

/**
 * SPEC 4: text for the route language if it exists, otherwise en, otherwise the source text.
 * Dictionaries are tried in order (the page's own, then the shared one) within each step.
 */
export function makeTranslate(lang: string, dictionaries: PageText[]): Translate {
  return (source) => {
    for (const code of [lang, BASE_LANGUAGE]) {
      for (const dictionary of dictionaries) {
        const found = dictionary[code]?.[source]
        if (found) return found
      }
    }
    return source
  }
}
