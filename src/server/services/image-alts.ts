import {
  type ImageAlts,
  keepAltsOf,
  mergeAlts,
  missingAlts,
  projectAltImages,
  reviewAltImages,
} from '../../shared/image-alts.js'
import { badRequest } from '../errors.js'
import { type ContentRow, currentContent, type RecordKind } from './publishing/record-kinds.js'

// How a save changes a record's `imageAlts` (decision 115). The shared module holds the rules the
// pages and the admin read; this one the checks a write makes against the record's images.

/** An upload's field name as a key of `imageAlts`: `featuredImage`, `galleryImages[2]` … */
const UPLOAD_KEY = /^([A-Za-z]+)(?:\[(\d+)\])?$/

/**
 * The map with each key that names a file field of this call replaced by the path its upload was
 * stored at, so an add can give alt text to the images it uploads (their paths are not known yet).
 */
export function withUploadPaths(change: ImageAlts | undefined, stored: Record<string, string[]>) {
  if (!change) return undefined
  return Object.fromEntries(
    Object.entries(change).map(([key, alt]) => {
      const [, field, index] = UPLOAD_KEY.exec(key) ?? []
      const path = field ? stored[field]?.[Number(index ?? 0)] : undefined
      return [path ?? key, alt]
    }),
  )
}

/**
 * A save's alt texts: `change` merged into `current` (`''` removes an entry), every key of the
 * change one of `images` (the record's images after the save), and the entries of images it no
 * longer has dropped (a removed or replaced image takes its alt text with it).
 *
 * `before` (an update: the record's images before the save): a key naming one of them that the
 * save replaced or removed is dropped, not refused. The edit screen sends the alt text of every
 * image it shows, including the featured image a new file is replacing in the same save.
 */
export function savedAlts(
  current: ImageAlts | null | undefined,
  change: ImageAlts | undefined,
  images: string[],
  noun: 'project' | 'review',
  before: string[] = [],
): ImageAlts {
  for (const path of Object.keys(change ?? {}))
    if (!images.includes(path) && !before.includes(path))
      throw badRequest(`imageAlts names "${path}", which is not an image of this ${noun}`, 'imageAlts')
  return keepAltsOf(mergeAlts(current, change ?? {}), images)
}

/**
 * `missingAltText` of the back office's answers (the translation overview's count): the images of
 * a record as the admin edits it (its draft when it has one) with no alt text in its language.
 */
export function missingAltCount(kind: RecordKind, row: ContentRow, group: ContentRow[]): number {
  const content = currentContent(kind, row)
  const parent = row.parentId ? group.find((m) => m.id === row.parentId) : undefined
  const original = parent && (currentContent(kind, parent).imageAlts as ImageAlts | undefined)
  const images = kind.kind === 'project' ? projectAltImages(content) : reviewAltImages(content)
  return missingAlts(images, content.imageAlts as ImageAlts | undefined, original).length
}
