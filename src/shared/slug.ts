import slugify from '@sindresorhus/slugify'

const MAX_SLUG_LENGTH = 80

/**
 * Text as an address segment: ASCII, lower case, single dashes, or '' when nothing is left.
 * Transliteration is @sindresorhus/transliterate's (through slugify): "å" is "a", "ñ" is "n", "ß"
 * is "ss", "æ" is "ae", "ø" is "o", "ł" is "l", "&" is "and". Camel case is not split: "Ærø" is
 * "aero", not "a-ero" (an upper-case letter inside a word is the admin's typing, not two words).
 */
export function normalizeSlug(text: string): string {
  return slugify(text, { lowercase: true, decamelize: false }).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '')
}

/**
 * A project's address segment from text; never empty (a title in a script with no
 * transliteration gives "project"). The server makes slugs with it and the admin's form previews
 * them with it, so both agree.
 */
export function toSlug(text: string): string {
  return normalizeSlug(text) || 'project'
}

/** A project's page, in whichever language the record is (the slug names the record). */
export const projectPath = (slug: string) => `/project/${slug}`
