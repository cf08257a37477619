import { BASE_LANGUAGE } from './constants.js'
import type { PageText } from './site-data.js'

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
