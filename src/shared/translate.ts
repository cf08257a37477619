import { BASE_LANGUAGE } from './constants.js'
import type { PageText } from './site-data.js'

export type Translate = (source: string) => string

/**
 * The key a string's translation travels under: a 32-bit FNV-1a hash of its English source, in
 * base 36 (at most 7 characters). A page's dictionaries are in its HTML, and keyed by the English
 * text itself they cost a Spanish home page 1.8 KB of English it never shows (issue 27). The
 * sources are the code's own strings; text-key.test.ts checks that no two of them share a key.
 */
export function textKey(source: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/**
 * A page's dictionaries as it gets them (what makeTranslate reads): only the languages it can
 * show (its own, then en) and, given `keys`, only the strings it shows (decision 076), each under
 * its textKey. Each component that translates exports the strings it may show (`…_TEXT`); a route
 * lists the components it renders.
 */
export function textFor(text: PageText, lang: string, keys?: readonly string[]): PageText {
  const wanted = keys && new Set(keys)
  const picked: PageText = {}
  for (const code of [lang, BASE_LANGUAGE]) {
    const entries = text[code]
    if (!entries) continue
    const shown: Record<string, string> = {}
    for (const [source, translation] of Object.entries(entries))
      if (!wanted || wanted.has(source)) shown[textKey(source)] ??= translation
    picked[code] = shown
  }
  return picked
}

/**
 * SPEC 4: text for the route language if it exists, otherwise en, otherwise the source text.
 * Dictionaries (from textFor) are tried in order (the page's own, then the shared one) within
 * each step.
 */
export function makeTranslate(lang: string, dictionaries: PageText[]): Translate {
  return (source) => {
    const key = textKey(source)
    for (const code of [lang, BASE_LANGUAGE]) {
      for (const dictionary of dictionaries) {
        const found = dictionary[code]?.[key]
        if (found) return found
      }
    }
    return source
  }
}
