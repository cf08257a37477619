import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { NeedsUpdate, PagePublishing, PageSource } from '../../../shared/publishing.js'
import { fingerprint } from './record-kinds.js'

// needsUpdate for page texts (issue 22, decision 081): English is every page's original. A
// language records, each time it is saved, the English of the keys it was written from; it is
// behind when the English of those keys is no longer the same text (a fingerprint, never a time).

type Text = Record<string, string>

/** The page's English as the back office shows it: published, else withheld, else its first draft. */
export function englishText(published: Record<string, Text>, publishing: PagePublishing): Text {
  const en = publishing[BASE_LANGUAGE]
  return published[BASE_LANGUAGE] ?? en?.withheld ?? en?.draft ?? {}
}

/**
 * What a translation follows: the English value of each of its keys ('' where English has none:
 * the key itself is the English then, and stays so until English gives it a value).
 */
export function sourceOfText(english: Text, translation: Text): PageSource {
  const sourceText = Object.fromEntries(
    Object.keys(translation)
      .sort()
      .map((key) => [key, english[key] ?? '']),
  )
  return { sourceText, sourceFingerprint: fingerprint(sourceText) }
}

/**
 * The keys whose English changed since the language was last saved, with the English the page
 * showed then and shows now (a key's own text where English has no value). A language with no
 * recorded source (saved before this existed) is up to date, as translations of projects are.
 */
export function pageNeedsUpdate(
  published: Record<string, Text>,
  publishing: PagePublishing,
  lang: string,
): NeedsUpdate | null {
  const then = publishing[lang]?.sourceText
  if (lang === BASE_LANGUAGE || !then) return null
  const now = sourceOfText(englishText(published, publishing), then)
  if ((publishing[lang]?.sourceFingerprint ?? fingerprint(then)) === now.sourceFingerprint) return null
  // Sorted here: PostgreSQL's jsonb does not keep the order keys were written in.
  const fields = Object.keys(then)
    .filter((key) => then[key] !== now.sourceText[key])
    .sort()
  if (fields.length === 0) return null
  return {
    fields,
    before: Object.fromEntries(fields.map((key) => [key, then[key] || key])),
    after: Object.fromEntries(fields.map((key) => [key, now.sourceText[key] || key])),
  }
}
