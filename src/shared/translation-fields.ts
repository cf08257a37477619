import { ALT_TEXT_MAX, type ImageAlts, isDecorative, labelledProjectImages } from './image-alts.js'
import { SEO_LIMITS } from './seo-fields.js'

// What a translator translates, per kind of record (issue 40, item 1): one list shared by the
// workbench, machine fills and translation jobs (issue 41), so that a field has one id, one label
// and one length limit everywhere. Client-safe: no server imports.
//
// Field ids are stable strings: `title`, `description`, `galleryTitle1`…, `amenities.2.title`,
// `seoTitle`, `seoDescription`, `imageAlts.<image path>`, and for a page text `text.<key>`.

export type TranslationKind = 'project' | 'review' | 'translation-page'
export const TRANSLATION_KINDS = ['project', 'review', 'translation-page'] as const

/** A record's content as its draft or row holds it; a page text's content is `{ [key]: text }`. */
export type Content = Record<string, unknown>

export interface TranslationField {
  id: string
  /** In words, as the screens and XLIFF notes show it. */
  label: string
  /** The schema's limit (null: a page text has none). */
  maxLength: number | null
  /** Shown as a text area; split into sentences. */
  long: boolean
}

interface PlainField extends TranslationField {
  key: string
}

const plain = (key: string, label: string, maxLength: number, long = false): PlainField => ({
  id: key,
  key,
  label,
  maxLength,
  long,
})

/** The limits are the zod schemas' (project.schema.ts, review.schema.ts, seo-fields.ts, image-alts.ts). */
export const AMENITY_TITLE_MAX = 200
const SEO = [
  plain('seoTitle', 'Search title', SEO_LIMITS.seoTitle),
  plain('seoDescription', 'Search snippet', SEO_LIMITS.seoDescription, true),
]
const PROJECT_PLAIN = [
  plain('title', 'Title', 200),
  plain('description', 'Description', 10000, true),
  plain('galleryTitle1', 'Gallery title 1', 300),
  plain('galleryDesc1', 'Gallery description 1', 5000, true),
  plain('galleryTitle2', 'Gallery title 2', 300),
  plain('galleryDesc2', 'Gallery description 2', 5000, true),
  ...SEO,
]
const REVIEW_PLAIN = [plain('title', 'Title', 200), plain('description', 'Description', 5000, true), ...SEO]

const AMENITY = /^amenities\.(\d+)\.title$/
const ALT_PREFIX = 'imageAlts.'
const TEXT_PREFIX = 'text.'

const asText = (value: unknown) => (typeof value === 'string' ? value : '')
type Amenity = { title: string; image: string | null }
const amenitiesOf = (content: Content | null | undefined): Amenity[] =>
  Array.isArray(content?.amenities) ? (content.amenities as Amenity[]) : []
const altsOf = (content: Content | null | undefined): ImageAlts => (content?.imageAlts as ImageAlts | null) ?? {}

/** The page text field id of a key, and back. */
export const textFieldId = (key: string) => `${TEXT_PREFIX}${key}`
export const keyOfTextField = (id: string) => (id.startsWith(TEXT_PREFIX) ? id.slice(TEXT_PREFIX.length) : null)

/** The images of a record that take alt text, with what each is ('gallery image 3'). */
function labelledImages(kind: TranslationKind, source: Content): Map<string, string> {
  if (kind === 'project') return labelledProjectImages(source)
  const featured = asText(source.featuredImage)
  return new Map(featured ? [[featured, 'featured image']] : [])
}

/**
 * The fields of a record to translate, from its source content (the original's): the plain text
 * fields, each amenity's title, and the alt text of each image the original describes. A page
 * text's source is its English `{ key: text }`. Fields whose source is empty are left out.
 */
export function translationFields(kind: TranslationKind, source: Content): TranslationField[] {
  if (kind === 'translation-page')
    return Object.keys(source).map((key) => ({
      id: textFieldId(key),
      label: key,
      maxLength: null,
      long: asText(source[key]).length > 80,
    }))
  const fields: TranslationField[] = (kind === 'project' ? PROJECT_PLAIN : REVIEW_PLAIN).map(
    ({ id, label, maxLength, long }) => ({ id, label, maxLength, long }),
  )
  if (kind === 'project')
    amenitiesOf(source).forEach((_, i) =>
      fields.push({
        id: `amenities.${i}.title`,
        label: `Amenity ${i + 1} title`,
        maxLength: AMENITY_TITLE_MAX,
        long: false,
      }),
    )
  const alts = altsOf(source)
  for (const [path, what] of labelledImages(kind, source)) {
    const alt = alts[path]
    if (typeof alt === 'string' && !isDecorative(alt))
      fields.push({
        id: `${ALT_PREFIX}${path}`,
        label: `Alt text of the ${what}`,
        maxLength: ALT_TEXT_MAX,
        long: false,
      })
  }
  return fields.filter((field) => readField(kind, source, field.id).trim() !== '')
}

/** One field of the list above, by id (null when the source has no such field). */
export const findField = (kind: TranslationKind, source: Content, id: string) =>
  translationFields(kind, source).find((field) => field.id === id) ?? null

/** A field's text in a content ('' when absent). */
export function readField(kind: TranslationKind, content: Content | null | undefined, id: string): string {
  if (!content) return ''
  if (kind === 'translation-page') return asText(content[keyOfTextField(id) ?? id])
  const amenity = AMENITY.exec(id)
  if (amenity) return asText(amenitiesOf(content)[Number(amenity[1])]?.title)
  if (id.startsWith(ALT_PREFIX)) return asText(altsOf(content)[id.slice(ALT_PREFIX.length)])
  return asText(content[id])
}

/**
 * A copy of `content` with one field set. An amenity the target lacks is taken from the source
 * (its image; a translation's amenities are its original's, in order).
 */
export function writeField(
  kind: TranslationKind,
  content: Content,
  id: string,
  value: string,
  source?: Content | null,
): Content {
  if (kind === 'translation-page') return { ...content, [keyOfTextField(id) ?? id]: value }
  const amenity = AMENITY.exec(id)
  if (amenity) {
    const index = Number(amenity[1])
    const from = amenitiesOf(source)
    const list = [...amenitiesOf(content)]
    for (let i = list.length; i <= index; i++) list.push({ title: '', image: from[i]?.image ?? null })
    list[index] = { ...list[index]!, title: value }
    return { ...content, amenities: list }
  }
  if (id.startsWith(ALT_PREFIX))
    return { ...content, imageAlts: { ...altsOf(content), [id.slice(ALT_PREFIX.length)]: value } }
  return { ...content, [id]: value }
}

/** Every field id a content's fields may take: for checking a request's `fields`. */
export const isFieldId = (kind: TranslationKind, id: string) =>
  kind === 'translation-page'
    ? id.startsWith(TEXT_PREFIX)
    : AMENITY.test(id) ||
      id.startsWith(ALT_PREFIX) ||
      (kind === 'project' ? PROJECT_PLAIN : REVIEW_PLAIN).some((field) => field.id === id)
