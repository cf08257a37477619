import type { Amenity } from '../../shared/types.js'
import { ALT_TEXT_MAX, type ImageAlts, isDecorative, labelledProjectImages } from '../../shared/image-alts.js'
import { SEO_LIMITS } from '../../shared/seo-fields.js'

// The translatable fields of a project or a review, read side by side from the original and the
// translation (issue 40, item 1). Keys as every translation call names them: `title`,
// `amenities.0.title`, `imageAlts.<path>`.

type Content = Record<string, unknown>

export interface FieldPair {
  key: string
  label: string
  long: boolean
  maxLength: number | null
  source: string
  target: string
  /** The translated field of the record kind's needsUpdate this field is part of, and its line. */
  followed: { field: string; line?: number } | null
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

interface TextField {
  key: string
  label: string
  long?: boolean
  maxLength: number
}

const PROJECT_TEXT: TextField[] = [
  { key: 'title', label: 'Title', maxLength: 200 },
  { key: 'description', label: 'Description', long: true, maxLength: 10000 },
  { key: 'galleryTitle1', label: 'Gallery title 1', maxLength: 300 },
  { key: 'galleryDesc1', label: 'Gallery description 1', long: true, maxLength: 5000 },
  { key: 'galleryTitle2', label: 'Gallery title 2', maxLength: 300 },
  { key: 'galleryDesc2', label: 'Gallery description 2', long: true, maxLength: 5000 },
]

const REVIEW_TEXT: TextField[] = [
  { key: 'title', label: 'Title', maxLength: 200 },
  { key: 'description', label: 'Description', long: true, maxLength: 10000 },
]

const SEO_TEXT: TextField[] = [
  { key: 'seoTitle', label: 'Search title', maxLength: SEO_LIMITS.seoTitle },
  { key: 'seoDescription', label: 'Search snippet', long: true, maxLength: SEO_LIMITS.seoDescription },
]

function textPairs(fields: TextField[], source: Content, target: Content | null, followed: boolean): FieldPair[] {
  return fields.map((field) => ({
    key: field.key,
    label: field.label,
    long: field.long ?? false,
    maxLength: field.maxLength,
    source: text(source[field.key]),
    target: text(target?.[field.key]),
    followed: followed ? { field: field.key } : null,
  }))
}

/** Each amenity's title; the translation's amenities are its original's, in order (one a line in needsUpdate). */
function amenityPairs(source: Content, target: Content | null): FieldPair[] {
  const mine = (target?.amenities as Amenity[] | null | undefined) ?? []
  return ((source.amenities as Amenity[] | null | undefined) ?? []).map((amenity, i) => ({
    key: `amenities.${i}.title`,
    label: `Amenity ${i + 1} title`,
    long: false,
    maxLength: 200,
    source: amenity.title,
    target: mine[i]?.title ?? '',
    followed: { field: 'amenities', line: i },
  }))
}

/** Each image's alt text, in the original's words, where the original has one (a decorative image has none). */
function altPairs(images: Map<string, string>, source: Content, target: Content | null): FieldPair[] {
  const from = (source.imageAlts as ImageAlts | null | undefined) ?? {}
  const own = (target?.imageAlts as ImageAlts | null | undefined) ?? {}
  return [...images].flatMap(([path, what]) => {
    const alt = from[path]
    if (!alt || isDecorative(alt)) return []
    const mine = own[path]
    return [
      {
        key: `imageAlts.${path}`,
        label: `Alt text of the ${what}`,
        long: false,
        maxLength: ALT_TEXT_MAX,
        source: alt,
        target: typeof mine === 'string' ? mine : '',
        followed: null,
      },
    ]
  })
}

export function projectFieldPairs(source: Content, target: Content | null): FieldPair[] {
  return [
    ...textPairs(PROJECT_TEXT, source, target, true),
    ...amenityPairs(source, target),
    ...textPairs(SEO_TEXT, source, target, false),
    ...altPairs(labelledProjectImages(source), source, target),
  ].filter((pair) => pair.source.trim() !== '')
}

export function reviewFieldPairs(source: Content, target: Content | null): FieldPair[] {
  const featured = text(source.featuredImage)
  return [
    ...textPairs(REVIEW_TEXT, source, target, true),
    ...textPairs(SEO_TEXT, source, target, false),
    ...altPairs(new Map(featured ? [[featured, 'featured image']] : []), source, target),
  ].filter((pair) => pair.source.trim() !== '')
}

/** A page text: each key, its English (the key itself where English has no value) beside the language's. */
export function pageFieldPairs(english: Record<string, string>, keys: string[], target: Record<string, string>) {
  return keys.map((key): FieldPair => ({
    key,
    label: key,
    long: (english[key] || key).length > 80,
    maxLength: null,
    source: english[key] || key,
    target: target[key] ?? '',
    followed: { field: key },
  }))
}
