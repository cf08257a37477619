import type { ImageMeta } from '../../shared/site-data.js'

interface PictureProps {
  src: string | null | undefined
  meta: Record<string, ImageMeta>
  alt: string
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string
  /** The page's main image: loaded at once, with high priority (and preloaded by the route). */
  priority?: boolean
  className?: string
}

const variant = (src: string, width: number, format: 'webp' | 'avif') => src.replace(/\.[a-z]+$/, `-${width}.${format}`)

export function srcSet(src: string, meta: ImageMeta, format: 'webp' | 'avif') {
  return [
    ...meta.widths.map((w) => `${variant(src, w, format)} ${w}w`),
    ...(format === 'webp' ? [`${src} ${meta.width}w`] : []),
  ].join(', ')
}

/** A stored image with its AVIF/WebP sizes, fixed dimensions (no layout shift) and lazy loading. */
export function Picture({ src, meta, alt, sizes, priority = false, className }: PictureProps) {
  if (!src) return null
  const info = meta[src]
  const loading = priority ? 'eager' : 'lazy'
  if (!info) return <img src={src} alt={alt} className={className} loading={loading} decoding="async" />
  return (
    <picture>
      {info.avif && <source type="image/avif" srcSet={srcSet(src, info, 'avif')} sizes={sizes} />}
      <source type="image/webp" srcSet={srcSet(src, info, 'webp')} sizes={sizes} />
      <img
        src={src}
        alt={alt}
        width={info.width}
        height={info.height}
        className={className}
        loading={loading}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  )
}

/** A <link rel=preload> for a route's main image, matching what <Picture priority> will pick. */
export function preloadImage(src: string | null | undefined, meta: Record<string, ImageMeta>, sizes: string) {
  const info = src ? meta[src] : undefined
  if (!src || !info) return []
  return [
    {
      rel: 'preload',
      as: 'image',
      href: src,
      imageSrcSet: srcSet(src, info, info.avif ? 'avif' : 'webp'),
      imageSizes: sizes,
      type: info.avif ? 'image/avif' : 'image/webp',
      fetchPriority: 'high',
    },
  ]
}
