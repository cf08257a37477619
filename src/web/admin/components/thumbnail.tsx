import { IMAGE_WIDTHS } from '../../../shared/constants.js'
import { variantName } from '../../../shared/image-variants.js'
import { useState } from 'react'

/** The smallest WebP copy the server makes of every upload (src/shared/image-variants.ts). */
export const thumbnailOf = (path: string) => variantName(path, IMAGE_WIDTHS[0], 'webp')

interface ThumbnailProps {
  path: string
  alt: string
  className?: string
}

/**
 * A stored image shown small: the -480.webp variant, or the original when that variant does not
 * exist (an image narrower than 480 px only gets a variant at its own width).
 */
export function Thumbnail({ path, alt, className }: ThumbnailProps) {
  const [src, setSrc] = useState(() => thumbnailOf(path))
  const [shownFor, setShownFor] = useState(path)
  if (shownFor !== path) {
    // A new path (e.g. after a reorder reused this element): start again from its variant.
    setShownFor(path)
    setSrc(thumbnailOf(path))
  }
  return (
    <img
      className={className ? `admin-thumb ${className}` : 'admin-thumb'}
      src={src}
      alt={alt}
      width={480}
      height={320}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src !== path) setSrc(path)
      }}
    />
  )
}
