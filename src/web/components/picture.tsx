import type { MetaDescriptor } from 'react-router'
import { variantName, type VariantFormat } from '../../shared/image-variants.js'
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

export function srcSet(src: string, meta: ImageMeta, format: VariantFormat) {
  return [
    ...meta.widths.map((w) => `${variantName(src, w, format)} ${w}w`),
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

/**
 * A <link rel=preload> for a route's main image, matching what <Picture priority> will pick, as a
 * meta descriptor: `links` cannot see loader data, so the preload travels with the meta tags.
 */
export function preloadImage(
  src: string | null | undefined,
  meta: Record<string, ImageMeta>,
  sizes: string,
): MetaDescriptor[] {
  const info = src ? meta[src] : undefined
  if (!src || !info) return []
  return [
    {
      tagName: 'link',
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

/** A page's hero photograph: fetched first (it is the largest paint), behind the hero's text. */
export function HeroImage({
  hero,
  images,
  sizes,
}: {
  hero: { src?: string | null; alt: string } | null | undefined
  images: Record<string, ImageMeta>
  sizes: string
}) {
  if (!hero?.src) return null
  return <Picture src={hero.src} meta={images} alt={hero.alt} sizes={sizes} priority className="image-hero__image" />
}
