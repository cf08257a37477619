import type { Language, TranslationPage } from '../../../shared/types.js'
import { StatusBadges } from '../kit/publish-status.js'
import type { Publishing } from '../lib/publishing.js'
import { textsOf, type TextsByLanguage } from './translation-keys.js'
import type { SeoFields } from '../../../shared/seo-fields.js'

// A page text's publishing state per language (issue 22), as the text editor reads and shows it.

/** A page text as the admin reads it: each language's publishing state beside the published text. */
export type EditedPage = TranslationPage & {
  publishing?: Record<string, Partial<Publishing> & { seoDraft?: SeoFields | null }>
  /** Each language's published SEO fields (decision 112). */
  seo?: Record<string, SeoFields>
  /** The page's own version (every language's change counts): sent with a save. */
  version?: number
}

/** What the editor starts each language from: its draft when it has one, else its published text. */
export function storedTexts(page: EditedPage): TextsByLanguage {
  const texts = textsOf(page.translations)
  for (const [code, state] of Object.entries(page.publishing ?? {})) {
    if (state.draft && typeof state.draft === 'object') texts[code] = { ...(state.draft as Record<string, string>) }
  }
  return texts
}

/** The status of each language of the page that has one, as badges. */
export function PageStatuses({
  publishing,
  languages,
}: {
  publishing: Record<string, Partial<Publishing>>
  languages: Language[]
}) {
  const members = languages
    .filter((l) => publishing[l.code])
    .map((l) => ({ _id: l.code, language: l.code, ...publishing[l.code] }))
  return <StatusBadges members={members} languages={languages} />
}
