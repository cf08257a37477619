import slugify from '@sindresorhus/slugify'

const MAX_SLUG_LENGTH = 80

/**
 * A project's address segment from text: ASCII, lower case, dashes; never empty (a title in a
 * script with no transliteration gives "project"). The server makes slugs with it and the admin's
 * form previews them with it, so both agree ("&" is "and", "Ñ" is "n").
 */
export function toSlug(text: string): string {
  const slug = slugify(text, { lowercase: true }).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '')
  return slug || 'project'
}
