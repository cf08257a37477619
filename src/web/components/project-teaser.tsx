import { Link } from 'react-router'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { altOf, type WithImageAlts } from '../../shared/image-alts.js'
import type { Translate } from '../lib/page-text.js'
import { Picture } from './picture.js'

/** How wide a teaser image is shown: half the container on desktop, or all of it when wide. */
export const TEASER_SIZES = '(min-width: 1450px) 650px, (min-width: 900px) 46vw, 100vw'
export const TEASER_WIDE_SIZES = '(min-width: 1450px) 1320px, 100vw'

/** The strings a teaser shows besides the project's own (page-text.ts). */
export const PROJECT_TEASER_TEXT = ['Coming soon: ', 'View More']

export interface ProjectTeaserProps {
  project: Pick<Project, 'title' | 'description' | 'slug' | 'featuredImage'> & WithImageAlts
  /** Image sizes, from `site.images()`. */
  images: Record<string, ImageMeta>
  t: Translate
  /**
   * Whether the project has a page to visit: a 'View More' link to /project/{slug}. Without one
   * the project is shown as coming soon (SPEC 4: 'Coming soon: ' before its title, no link).
   */
  showLink: boolean
  /** Full width: a wide image, with the text beside its title on large screens. */
  wide?: boolean
  /** The card title's heading level (3 under a section's h2, 2 directly under the page's h1). */
  headingLevel?: 2 | 3
}

/** A project card: image, title, description and, when it has a page, a 'View More' link. */
export function ProjectTeaser({ project, images, t, showLink, wide = false, headingLevel = 3 }: ProjectTeaserProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/project/${project.slug}`
  const title = showLink ? project.title : `${t('Coming soon: ')}${project.title}`
  const picture = (
    <Picture
      src={project.featuredImage}
      meta={images}
      alt={altOf(project, project.featuredImage, project.title)}
      sizes={wide ? TEASER_WIDE_SIZES : TEASER_SIZES}
      className="project-teaser__image"
    />
  )
  return (
    <article
      className={`project-teaser${wide ? ' project-teaser--wide' : ''}${showLink ? '' : ' project-teaser--soon'}`}
    >
      {project.featuredImage && (
        <div className="project-teaser__media">
          {showLink ? (
            // The same target as 'View More': kept out of the tab order and the accessibility tree.
            <Link to={href} tabIndex={-1} aria-hidden="true" className="project-teaser__media-link">
              {picture}
            </Link>
          ) : (
            picture
          )}
        </div>
      )}
      <div className="project-teaser__body">
        <Heading className="project-teaser__title">{title}</Heading>
        <div className="project-teaser__text">
          {project.description && <p className="project-teaser__description">{project.description}</p>}
          {showLink && (
            <Link to={href} className="text-link teaser__link">
              {t('View More')}
              <span className="visually-hidden">{project.title}</span>
              <span aria-hidden="true" className="link-arrow" />
            </Link>
          )}
        </div>
      </div>
    </article>
  )
}

/**
 * How many of the newest projects lend pictures to a page's decorative sections (why, services,
 * social): enough for variety, and a page's cost stays the same however large the portfolio grows.
 */
export const POOL_PROJECTS = 8

export interface PoolImage {
  src: string
  alt: string
}

/**
 * The projects' gallery images in an order that varies both project and kind of shot, so the
 * sections of one page can each take a different slice without showing the same picture twice.
 */
export function projectImagePool(
  projects: (Pick<Project, 'title' | 'galleryImages' | 'galleryBannerImage'> & WithImageAlts)[],
): PoolImage[] {
  const pool: PoolImage[] = []
  const seen = new Set<string>()
  // Each picture with its alt text in the page's language, else its project's title (decision 115).
  const add = (src: string | null | undefined, project: WithImageAlts & { title: string }) => {
    if (!src || seen.has(src)) return
    seen.add(src)
    pool.push({ src, alt: altOf(project, src, project.title) })
  }
  // Round by round, each project gives one shot; the kind of shot moves on between neighbours
  // and between rounds, so consecutive pictures differ in both project and kind.
  const count = projects.length
  const rounds = Math.max(0, ...projects.map((p) => p.galleryImages.length))
  for (let round = 0; round < rounds; round++) {
    projects.forEach((project, index) => {
      const gallery = project.galleryImages
      if (!gallery.length) return
      const stride = gcd(count + 1, gallery.length) === 1 ? count + 1 : 1
      add(gallery[(index + round * stride) % gallery.length], project)
    })
  }
  for (const project of projects) add(project.galleryBannerImage, project)
  return pool
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a)

/** `count` images from the pool starting at `start`, wrapping round when the pool is short. */
export function takeImages(pool: PoolImage[], start: number, count: number): (PoolImage | null)[] {
  return Array.from({ length: count }, (_, i) => (pool.length ? pool[(start + i) % pool.length]! : null))
}
