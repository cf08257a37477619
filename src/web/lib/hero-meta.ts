import type { MetaDescriptor } from 'react-router'
import type { ImageMeta } from '../../shared/site-data.js'
import { preloadImage } from '../components/picture.js'
import { type PageSeo, sitePageMeta } from './seo.js'

type SitePage = Parameters<typeof sitePageMeta>[1]

/** The full-width photograph a page opens on (home, about): the width it is drawn at, and preloaded at. */
export const HERO_SIZES = '100vw'

/**
 * The tags of a page that opens on a full-width photograph: the photograph is its shared image,
 * and it is fetched at once, at the size it is drawn.
 */
export function heroPageMeta(
  layout: Parameters<typeof sitePageMeta>[0],
  page: Omit<SitePage, 'image' | 'imageAlt' | 'seo'>,
  data: { hero: { src?: string | null; alt?: string } | null; images: Record<string, ImageMeta>; seo: PageSeo },
): MetaDescriptor[] {
  const hero = data.hero?.src ?? undefined
  return [
    ...sitePageMeta(layout, { ...page, image: hero, imageAlt: data.hero?.alt, seo: data.seo }),
    ...preloadImage(hero, data.images, HERO_SIZES),
  ]
}
