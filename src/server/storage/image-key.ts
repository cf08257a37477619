import { type VariantFormat, variantOf } from '../../shared/image-variants.js'
import { randomBytes } from 'node:crypto'

export const UPLOADS_PREFIX = '/uploads/'

export type StoredFormat = 'jpg' | 'png' | 'webp' | 'avif'

// Every key the server ever writes matches this; anything else (../, slashes, NUL, other
// extensions) is refused before it reaches a store.
const KEY_PATTERN = /^[a-f0-9]{24}(-[0-9]{2,4})?\.(jpg|png|webp|avif)$/

export const newImageId = () => randomBytes(12).toString('hex')

export const isImageKey = (key: string) => KEY_PATTERN.test(key)

export const masterKey = (id: string, format: StoredFormat) => `${id}.${format}`

/** A variant's key: the master's id with the width and format (src/shared/image-variants.ts). */
export const variantKey = (id: string, width: number, format: VariantFormat) => variantOf(id, width, format)

export const keyToPath = (key: string) => `${UPLOADS_PREFIX}${key}`

/** The key behind an API image path, or null when the path is not one the server made. */
export function pathToKey(imagePath: string): string | null {
  if (!imagePath.startsWith(UPLOADS_PREFIX)) return null
  const key = imagePath.slice(UPLOADS_PREFIX.length)
  return isImageKey(key) ? key : null
}

/** The id part of a master key: 3f…a.jpg -> 3f…a. */
export const keyId = (key: string) => key.slice(0, 24)

export const contentTypeOf = (key: string) =>
  ({ jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' })[key.split('.').pop() ?? ''] ??
  'application/octet-stream'

/**
 * Every file an image stands for: its master and its WebP variants, plus the AVIF ones when
 * `withAvif` (made in the background: a backup copies them once ready, a deletion removes them
 * whether or not they are done).
 */
export function imageFileKeys(image: { path: string; variantWidths: number[] }, withAvif: boolean): string[] {
  const key = pathToKey(image.path)
  if (!key) return []
  const id = keyId(key)
  return [
    key,
    ...image.variantWidths.map((w) => variantKey(id, w, 'webp')),
    ...(withAvif ? image.variantWidths.map((w) => variantKey(id, w, 'avif')) : []),
  ]
}
