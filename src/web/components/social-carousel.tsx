import { useId } from 'react'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Translate } from '../lib/page-text.js'
import { useBehaviour } from '../lib/use-behaviour.js'
import { CarouselSteps, carouselStep } from './carousel-steps.js'
import { StillCarousel } from './still-carousel.js'
import { Picture } from './picture.js'
import type { PoolImage } from './project-teaser.js'

/**
 * SPEC 9: five images, 1.15 per view, 4 above 641 px, looping (behaviours/social-carousel.ts).
 * sections.css repeats the sizes for before Swiper starts.
 */
export const SOCIAL_IMAGE_COUNT = 5
const SIZES = '(min-width: 1450px) 312px, (min-width: 641px) 24vw, 87vw'

const STEPS = [
  { label: 'Previous', modifier: 'prev', direction: -1 },
  { label: 'Next', modifier: 'next', direction: 1 },
] as const

/** The strings the section shows (page-text.ts). */
export const SOCIAL_TEXT = ['Follow Us On Instagram', ...STEPS.map((step) => step.label)]

interface SocialCarouselProps {
  t: Translate
  images: (PoolImage | null)[]
  meta: Record<string, ImageMeta>
}

/** 'Follow Us On Instagram': a looping carousel with buttons, arrow keys and swipe. */
export function SocialCarousel({ t, images, meta }: SocialCarouselProps) {
  const titleId = useId()
  const carouselId = useId()
  const behaviour = useBehaviour<HTMLElement>('social-carousel')
  const slides = images.filter((image): image is PoolImage => Boolean(image))
  if (!slides.length) return null
  return (
    <section className="social-carousel" aria-labelledby={titleId} {...behaviour}>
      <div className="container">
        <header className="sec-head social-carousel__head">
          <div>
            <p className="eyebrow">@costadelsolvillas</p>
            <h2 id={titleId}>{t('Follow Us On Instagram')}</h2>
          </div>
          <div className="carousel-buttons">
            {STEPS.map(({ label, modifier, direction }) => (
              <button
                key={modifier}
                type="button"
                className={`carousel-button carousel-button--${modifier}`}
                aria-label={t(label)}
                {...carouselStep(carouselId, direction)}
              >
                <span aria-hidden="true" className="carousel-button__arrow" />
              </button>
            ))}
            <CarouselSteps />
          </div>
        </header>
        <StillCarousel
          id={carouselId}
          className="social-carousel__swiper"
          slides={slides.map((image, i) => ({
            key: `${image.src}-${i}`,
            className: 'social-carousel__slide',
            content: (
              <div className="social-carousel__media">
                <Picture src={image.src} meta={meta} alt={image.alt} sizes={SIZES} className="social-carousel__image" />
              </div>
            ),
          }))}
        />
      </div>
    </section>
  )
}
