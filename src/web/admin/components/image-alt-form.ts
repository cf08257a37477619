import {
  DECORATIVE,
  type ImageAlt,
  type ImageAlts,
  isDecorative,
  type WithImageAlts,
} from '../../../shared/image-alts.js'

// The alt text inputs of an edit form (decision 115), apart from React: their names carry the
// image's path, so the form's data alone says which image each text belongs to.

export const ALT_FIELD = 'imageAlt:'
export const DECORATIVE_FIELD = 'imageDecorative:'

/**
 * `imageAlts` as the form's alt text inputs hold it: one entry per image shown, `''` where the
 * admin left it empty (the fallback then shows). A ticked 'Decorative' disables the text input,
 * which the form then leaves out. Undefined when the form shows no image.
 */
export function imageAltsOf(data: FormData): ImageAlts | undefined {
  const alts: ImageAlts = {}
  for (const [name, value] of data.entries()) {
    if (name.startsWith(ALT_FIELD)) alts[name.slice(ALT_FIELD.length)] ??= String(value).trim()
    if (name.startsWith(DECORATIVE_FIELD)) alts[name.slice(DECORATIVE_FIELD.length)] = DECORATIVE
  }
  return Object.keys(alts).length > 0 ? alts : undefined
}

/** What a page shows for an image without alt text of its own: the original's, else `title`. */
export function altFallback(record: WithImageAlts, path: string, title: string): string {
  const original: ImageAlt | undefined = record.parentId?.imageAlts?.[path]
  if (isDecorative(original)) return 'Decorative in the original'
  return original || title
}
