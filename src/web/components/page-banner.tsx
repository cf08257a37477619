import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ImageMeta } from '../../shared/site-data.js'
import { localePath } from '../lib/languages.js'
import type { Translate } from '../lib/page-text.js'
import { Picture } from './picture.js'

interface PageBannerProps {
  title: ReactNode
  /** Small uppercase label above the title. */
  eyebrow?: ReactNode
  /** Decorative content above everything else (hidden from assistive technology). */
  decoration?: ReactNode
  /** A lead paragraph under the title. */
  lead?: ReactNode
  /** Links or buttons at the foot of the banner. */
  children?: ReactNode
  /** An optional photograph behind the band (shown darkened, decorative). */
  image?: string | null
  images?: Record<string, ImageMeta>
  /** `tall` fills most of the screen (coming soon, 404); `compact` is a title band. */
  size?: 'compact' | 'regular' | 'tall'
  /** Centre the text (short, single-message pages). */
  centered?: boolean
  className?: string
}

/**
 * A dark band with the page's one h1. It sits under the transparent header, so the header's
 * white text stays legible until it turns solid on scroll.
 */
export function PageBanner({
  title,
  eyebrow,
  decoration,
  lead,
  children,
  image,
  images = {},
  size = 'regular',
  centered = false,
  className,
}: PageBannerProps) {
  const classes = [
    'page-banner',
    `page-banner--${size}`,
    centered && 'page-banner--centered',
    image && 'page-banner--image',
    className,
  ]
  return (
    <section className={classes.filter(Boolean).join(' ')} aria-labelledby="page-title">
      {image && (
        <div className="page-banner__media" aria-hidden="true">
          <Picture src={image} meta={images} alt="" sizes="(max-aspect-ratio: 1/1) 110vh, 100vw" priority />
        </div>
      )}
      <div className="page-banner__inner container">
        {decoration && (
          <div className="page-banner__decoration" aria-hidden="true">
            {decoration}
          </div>
        )}
        {eyebrow && <p className="eyebrow eyebrow--ruled page-banner__eyebrow">{eyebrow}</p>}
        <h1 id="page-title" className="page-banner__title">
          {title}
        </h1>
        {lead && <p className="page-banner__lead">{lead}</p>}
        {children && <div className="cluster page-banner__actions">{children}</div>}
      </div>
    </section>
  )
}

/** A light strip of onward links under a short message (coming soon, 404). */
export function PageLinks({ label, links }: { label: string; links: { to: string; label: string; hint: string }[] }) {
  return (
    <nav className="page-links" aria-label={label}>
      <ul className="page-links__list container">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="page-links__link">
              <span className="eyebrow page-links__hint">{link.hint}</span>
              <span className="page-links__label">
                {link.label}
                <span aria-hidden="true" className="page-links__arrow">
                  →
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The strings a message page shows besides its message (page-text.ts). */
export const MESSAGE_PAGE_TEXT = [
  'Back to home',
  'Menu',
  'Recent projects',
  'Our Portfolio',
  'Why choose us',
  'About',
  'Start your own project',
  'Contact',
]

/**
 * A page with nothing but a message (coming soon, 404): the message over a quiet photograph, a
 * way back home, and the way on: portfolio, about, contact.
 */
export function MessagePage({
  className,
  lang,
  t,
  ...banner
}: Pick<PageBannerProps, 'title' | 'lead' | 'eyebrow' | 'decoration' | 'image' | 'images'> & {
  className?: string
  lang: string
  t: Translate
}) {
  return (
    <div className={className ? `message-page ${className}` : 'message-page'}>
      <PageBanner size="tall" centered {...banner}>
        <Link className="button button--light" to={localePath(lang, '/')}>
          {t('Back to home')}
        </Link>
      </PageBanner>
      <PageLinks
        label={t('Menu')}
        links={[
          { to: localePath(lang, '/all-projects'), hint: t('Recent projects'), label: t('Our Portfolio') },
          { to: localePath(lang, '/about'), hint: t('Why choose us'), label: t('About') },
          { to: localePath(lang, '/contact'), hint: t('Start your own project'), label: t('Contact') },
        ]}
      />
    </div>
  )
}
