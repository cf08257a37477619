import { useId } from 'react'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Translate } from '../lib/page-text.js'
import { Picture } from './picture.js'
import { ServerHtml } from './server-html.js'
import type { PoolImage } from './project-teaser.js'

export const SERVICES_TITLE = 'Services seamlessly integrated under one roof to manage every detail'

/** SPEC 2: the seven services, as English source text (translation keys). */
export const SERVICES = [
  { title: 'DEVELOPMENT', text: 'From land acquisition to final delivery, we turn your vision into reality.' },
  { title: 'INTERIOR DESIGN', text: 'Elegant, comfortable interiors that reflect refined living.' },
  { title: 'ARCHITECTURE', text: 'Distinctive designs tailored to your personal style and way of life.' },
  {
    title: 'PROJECT MANAGEMENT',
    text: 'A single point of contact ensures clear communication, timely delivery, and budget control.',
  },
  { title: 'PROPERTY SEARCH', text: 'We identify prime plots and properties with the ideal potential.' },
  { title: 'SALES', text: 'Strategic marketing and sales to achieve optimal market value.' },
  {
    title: 'INVESTMENT MANAGEMENT',
    text: 'Expert advice to maximize returns and support smart real estate decisions.',
  },
] as const

/** The strings the section shows (page-text.ts). */
export const SERVICES_TEXT = [
  'Services',
  SERVICES_TITLE,
  ...SERVICES.flatMap((service) => [service.title, service.text]),
]

const SIZES = '(min-width: 1450px) 310px, (min-width: 1100px) 22vw, (min-width: 640px) 46vw, 100vw'
/** The first service spans two columns. */
const WIDE_SIZES = '(min-width: 1450px) 650px, (min-width: 1100px) 46vw, 100vw'

interface ServicesBlockProps {
  t: Translate
  /** One image per service. */
  images: (PoolImage | null)[]
  meta: Record<string, ImageMeta>
  /** The anchor (the home page's #services); other pages leave it out so the menu goes home. */
  id?: string
}

/** The seven services, each with an image, title and description. */
export function ServicesBlock({ t, images, meta, id }: ServicesBlockProps) {
  const titleId = useId()
  return (
    <ServerHtml as="section" className="services-block" id={id} aria-labelledby={titleId}>
      <div className="container">
        <header className="sec-head">
          <p className="eyebrow">{t('Services')}</p>
          <h2 id={titleId} className="services-block__title">
            {t(SERVICES_TITLE)}
          </h2>
        </header>
        <ul className="services-block__grid">
          {SERVICES.map((service, i) => {
            const image = images[i]
            return (
              <li key={service.title} className="service">
                {image && (
                  <div className="service__media">
                    <Picture
                      src={image.src}
                      meta={meta}
                      alt={image.alt}
                      sizes={i === 0 ? WIDE_SIZES : SIZES}
                      className="service__image"
                    />
                  </div>
                )}
                <h3 className="service__title">{t(service.title)}</h3>
                <p className="service__text">{t(service.text)}</p>
              </li>
            )
          })}
        </ul>
      </div>
    </ServerHtml>
  )
}
