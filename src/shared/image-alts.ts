/**
 * Alt text per image, per language (issue 24, item 3; decision 115). Each project and review row
 * keeps `imageAlts`: image path -> its alt text in the row's language, or the decorative marker.
 * A translation shares its original's image paths, so what it lacks falls back by path.
 */

/** An image that only decorates: it is written `alt=""` and never counted as missing. */
export interface DecorativeMark {
  decorative: true
}
export type ImageAlt = string | DecorativeMark
export type ImageAlts = Record<string, ImageAlt>

export const DECORATIVE: DecorativeMark = { decorative: true }

/** What the API refuses: generous over the usual guidance (about 125), like the SEO limits. */
export const ALT_TEXT_MAX = 250
/** More than any record holds: a gallery of 500, 50 amenities, a featured and a banner image. */
export const IMAGE_ALTS_MAX = 600

export const isDecorative = (alt: ImageAlt | undefined): alt is DecorativeMark =>
  typeof alt === 'object' && alt !== null && alt.decorative === true

/** A record whose images take alt text: its own map and, for a translation, its original's. */
export interface WithImageAlts {
  imageAlts?: ImageAlts | undefined
  parentId?: { imageAlts?: ImageAlts | undefined } | null
}

/** What `record` says of `path`: its own entry, else its original's (a translation shares its paths). */
export const resolvedAlt = (record: WithImageAlts, path: string): ImageAlt | undefined =>
  record.imageAlts?.[path] || record.parentId?.imageAlts?.[path] || undefined

/**
 * The alt attribute of `path` on a page of `record`: its own alt text, else its original's, else
 * `fallback` (a description built from the title); `''` when the one that answers marks it decorative.
 */
export function altOf(record: WithImageAlts, path: string | null | undefined, fallback: string): string {
  const alt = path ? resolvedAlt(record, path) : undefined
  if (isDecorative(alt)) return ''
  return alt || fallback
}

/**
 * The images with no alt text in the record's language: neither its own text nor a decorative
 * mark (its own or its original's). The original's text on a translation's page is a stopgap in
 * another language, so it does not count.
 */
export function missingAlts(images: string[], own: ImageAlts | undefined, original?: ImageAlts): string[] {
  return images.filter((path) => !own?.[path] && !isDecorative(original?.[path]))
}

/** What the back office's reads add to a project or review: the translation overview counts it. */
export interface AltTextCount {
  /** Its images (as the admin edits them) with no alt text in its language and not decorative. */
  missingAltText: number
}

interface ProjectImages {
  featuredImage?: string | null
  galleryBannerImage?: string | null
  galleryImages?: string[] | null
  amenities?: { image: string | null }[] | null
}

/** The images of a project that take alt text, each once, with what it is ('gallery image 3'). */
export function labelledProjectImages(project: ProjectImages): Map<string, string> {
  const labelled = new Map<string, string>()
  const add = (path: string | null | undefined, label: string) => {
    if (path && !labelled.has(path)) labelled.set(path, label)
  }
  add(project.featuredImage, 'featured image')
  add(project.galleryBannerImage, 'banner image')
  ;(project.galleryImages ?? []).forEach((path, i) => add(path, `gallery image ${i + 1}`))
  ;(project.amenities ?? []).forEach((a, i) => add(a.image, `amenity image ${i + 1}`))
  return labelled
}

/** The images of a project that take alt text: featured, banner, gallery and amenity images. */
export const projectAltImages = (project: ProjectImages): string[] => [...labelledProjectImages(project).keys()]

/** The image of a review that takes alt text: its featured image. */
export const reviewAltImages = (review: { featuredImage?: string | null }): string[] =>
  review.featuredImage ? [review.featuredImage] : []

/** The map with only the entries of `images` (a removed or replaced image's entry is dropped). */
export function keepAltsOf(alts: ImageAlts | null | undefined, images: string[]): ImageAlts {
  const kept = new Set(images)
  return Object.fromEntries(Object.entries(alts ?? {}).filter(([path]) => kept.has(path)))
}

/** `current` with a change applied: a given text or mark replaces the entry, `''` removes it. */
export function mergeAlts(current: ImageAlts | null | undefined, change: ImageAlts): ImageAlts {
  const next = { ...(current ?? {}) }
  for (const [path, alt] of Object.entries(change)) {
    if (alt === '') delete next[path]
    else next[path] = alt
  }
  return next
}

/** The map without the entry of `path` (a removed image). */
export const withoutAltOf = (alts: ImageAlts | null | undefined, path: string): ImageAlts =>
  Object.fromEntries(Object.entries(alts ?? {}).filter(([key]) => key !== path))

/**
 * The alt text of `paths` as `record`'s pages show it (its own, else its original's), as a map of
 * its own: what a loader hands a component that shows a few of a record's images, without the
 * whole record.
 */
export function resolvedAlts(record: WithImageAlts, paths: (string | null | undefined)[]): ImageAlts {
  const alts: ImageAlts = {}
  for (const path of paths) {
    const alt = path ? resolvedAlt(record, path) : undefined
    if (path && alt) alts[path] = alt
  }
  return alts
}
