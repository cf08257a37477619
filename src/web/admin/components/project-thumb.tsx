import { useState } from 'react'

/** The 480 px WebP variant the server stores next to every upload (docs/api.md, "Images"). */
export const thumbnailOf = (path: string) => path.replace(/\.[a-z]+$/, '-480.webp')

interface ProjectThumbProps {
  path: string
  alt: string
  className?: string
}

/**
 * A stored image shown small: the -480.webp variant, or the original when that variant does not
 * exist (an image narrower than 480 px only gets a variant at its own width).
 */
export function ProjectThumb({ path, alt, className }: ProjectThumbProps) {
  const [src, setSrc] = useState(() => thumbnailOf(path))
  const [shownFor, setShownFor] = useState(path)
  if (shownFor !== path) {
    // A new path (e.g. after a reorder reused this element): start again from its variant.
    setShownFor(path)
    setSrc(thumbnailOf(path))
  }
  return (
    <img
      className={className ?? 'project-thumb'}
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
