import type { Language } from '../../../shared/types.js'

/** "Español" for a code, or the code itself when the language is unknown. */
export const languageName = (languages: Language[], code: string) =>
  languages.find((l) => l.code === code)?.name ?? code

/** "Español (es)": how the back office names a language wherever it lists or heads one. */
export const languageText = (language: Pick<Language, 'name' | 'code'>) => `${language.name} (${language.code})`

/** "Español (es)" for a code, or the code itself when the language is unknown. */
export function languageLabel(languages: Language[], code: string) {
  const language = languages.find((l) => l.code === code)
  return language ? languageText(language) : code
}
