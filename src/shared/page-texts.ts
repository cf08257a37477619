import type { PageTranslations } from './types.js'

/** Language code -> { English source text: translated text }: the one element of a page's translations. */
export type TextsByLanguage = Record<string, Record<string, string>>

export const textsOf = (translations: PageTranslations | undefined): TextsByLanguage => ({
  ...(translations?.[0] ?? {}),
})

/** Every source text any language of the page has, in first-seen order. */
export function sourceKeys(texts: TextsByLanguage): string[] {
  const keys = new Set<string>()
  for (const map of Object.values(texts)) for (const key of Object.keys(map)) keys.add(key)
  return [...keys]
}

/** The source texts a language has no (non-empty) text for. */
export function missingKeys(texts: TextsByLanguage, code: string, keys = sourceKeys(texts)): string[] {
  const own = texts[code] ?? {}
  return keys.filter((key) => !own[key]?.trim())
}
