import { z } from 'zod'
import { ALT_TEXT_MAX, DECORATIVE, IMAGE_ALTS_MAX, type ImageAlts } from '../image-alts.js'
import { optionalText } from './fields.js'

const altText = optionalText('alt text', ALT_TEXT_MAX)

/**
 * `imageAlts` on the project and review calls (decision 115): an object mapping an image path to
 * its alt text, `{"decorative": true}`, or `''` (no alt text of its own: the fallback shows).
 * Written out rather than as z.record(z.union(...)), so each message names the image and limit.
 */
export const imageAltsSchema = z.unknown().transform((raw, ctx): ImageAlts => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('imageAlts must be an object mapping image paths to alt text')
  const entries = Object.entries(raw)
  if (entries.length > IMAGE_ALTS_MAX) return fail(`imageAlts must name at most ${IMAGE_ALTS_MAX} images`)
  const alts: ImageAlts = {}
  for (const [path, value] of entries) {
    if (path.length > 300) return fail('imageAlts keys must be image paths of at most 300 characters')
    if (typeof value === 'string') {
      const text = altText.safeParse(value)
      if (!text.success) return fail(`imageAlts["${path}"] must be at most ${ALT_TEXT_MAX} characters`)
      alts[path] = text.data
    } else if (isMark(value)) alts[path] = DECORATIVE
    else return fail(`imageAlts["${path}"] must be alt text or {"decorative":true}`)
  }
  return alts
})

const isMark = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 1 &&
  (value as { decorative?: unknown }).decorative === true
