import sharp, { type Metadata, type Sharp } from 'sharp'
import { IMAGE_WIDTHS } from '../../shared/constants.js'
import { HttpError } from '../errors.js'
import type { StoredFormat } from './image-key.js'
import { encodedOnce } from './encoded-images.js'

// libvips keeps recent operations and their results (up to 50 MB) to reuse them. Every image here
// is processed once (masters, variants, social cards), so that cache would only add to the
// server's resident memory, which issue 26 bounds (decision 070). The setting is process-wide.
sharp.cache(false)

/** The longest edge a stored master keeps; bigger uploads are scaled down once, at upload. */
const MASTER_MAX_EDGE = 3200

export interface PreparedImage {
  format: StoredFormat
  master: Buffer
  width: number
  height: number
}

export const UNSUPPORTED_IMAGE_MESSAGE = 'File must be a JPEG, PNG, WebP or AVIF image'

/**
 * Decides the type from the bytes (never the name or declared type), refuses anything but
 * JPEG/PNG/WebP/AVIF, and re-encodes the master so EXIF (GPS included) is gone.
 */
export async function prepareImage(input: Buffer, maxPixels: number): Promise<PreparedImage> {
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE)
  }
  const format = storedFormatOf(meta)
  if (!format) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE)
  if (!meta.width || !meta.height) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE)
  if (meta.width * meta.height > maxPixels) {
    const limit = maxPixels >= 1_000_000 ? `${Math.floor(maxPixels / 1_000_000)} megapixels` : `${maxPixels} pixels`
    throw new HttpError(413, `Image is larger than ${limit}`)
  }

  try {
    const master = await encodedOnce(input, `master ${format} ${maxPixels}`, () =>
      encode(
        sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
          .rotate() // apply the EXIF orientation before the metadata is dropped
          .resize({ width: MASTER_MAX_EDGE, height: MASTER_MAX_EDGE, fit: 'inside', withoutEnlargement: true }),
        format,
      ).toBuffer(),
    )
    const { width, height } = await sharp(master).metadata()
    return { format, master, width, height }
  } catch {
    // Headers that parse but pixel data that does not: a truncated or forged file.
    throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE)
  }
}

function storedFormatOf(meta: Metadata): StoredFormat | null {
  switch (meta.format) {
    case 'jpeg':
      return 'jpg'
    case 'png':
      return 'png'
    case 'webp':
      return 'webp'
    case 'heif':
      // sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) is not supported.
      return meta.compression === 'av1' ? 'avif' : null
    default:
      return null
  }
}

function encode(pipeline: Sharp, format: StoredFormat): Sharp {
  switch (format) {
    case 'jpg':
      return pipeline.jpeg({ quality: 88, mozjpeg: true })
    case 'png':
      return pipeline.png({ compressionLevel: 8 })
    case 'webp':
      return pipeline.webp({ quality: 88 })
    case 'avif':
      return pipeline.avif({ quality: 60, effort: 2 })
  }
}

/** The srcset widths for an image this wide: the standard widths below it, or its own width. */
export function variantWidthsFor(width: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w < width)
  return widths.length > 0 ? [...widths] : [width]
}

/** The srcset widths an image stored before a change of `IMAGE_WIDTHS` does not have yet. */
export function missingWidths(image: { width: number; variantWidths: number[] }): number[] {
  return variantWidthsFor(image.width).filter((w) => !image.variantWidths.includes(w))
}

export async function resizeTo(master: Buffer, width: number, format: 'webp' | 'avif'): Promise<Buffer> {
  return encodedOnce(master, `variant ${format} ${width}`, () => {
    const pipeline = sharp(master).resize({ width, withoutEnlargement: true })
    return format === 'webp'
      ? pipeline.webp({ quality: 78, effort: 4 }).toBuffer()
      : pipeline.avif({ quality: 50, effort: 3 }).toBuffer()
  })
}
