import { useId, useRef } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Translate } from '../lib/page-text.js'
import { CarouselSteps, carouselStep } from './carousel-steps.js'
import { LazyCarousel } from './lazy-carousel.js'
import { Picture } from './picture.js'
import type { PoolImage } from './project-teaser.js'

/**
 * SPEC 9: five images, 1.15 per view, 4 above 641 px, looping. sections.css repeats the sizes for
 * before Swiper starts.
 */
export const SOCIAL_IMAGE_COUNT = 5
const SIZES = '(min-width: 1450px) 312px, (min-width: 641px) 24vw, 87vw'

const STEPS = [
  { label: 'Previous', modifier: 'prev', direction: -1, step: (swiper: SwiperInstance) => swiper.slidePrev() },
  { label: 'Next', modifier: 'next', direction: 1, step: (swiper: SwiperInstance) => swiper.slideNext() },
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
  const swiper = useRef<SwiperInstance | null>(null)
  const slides = images.filter((image): image is PoolImage => Boolean(image))
  if (!slides.length) return null
  return (
    <section className="social-carousel" aria-labelledby={titleId}>
      <div className="container">
        <header className="sec-head social-carousel__head">
          <div>
            <p className="eyebrow">@costadelsolvillas</p>
            <h2 id={titleId}>{t('Follow Us On Instagram')}</h2>
          </div>
          <div className="carousel-buttons">
            {STEPS.map(({ label, modifier, direction, step }) => (
              <button
                key={modifier}
                type="button"
                className={`carousel-button carousel-button--${modifier}`}
                aria-label={t(label)}
                {...carouselStep(carouselId, direction)}
                onClick={() => swiper.current && step(swiper.current)}
              >
                <span aria-hidden="true" className="carousel-button__arrow" />
              </button>
            ))}
            <CarouselSteps />
          </div>
        </header>
        <LazyCarousel
          id={carouselId}
          className="social-carousel__swiper"
          modules={['a11y', 'keyboard']}
          options={{
            loop: true,
            slidesPerView: 1.15,
            spaceBetween: 16,
            breakpoints: { 641: { slidesPerView: 4, spaceBetween: 24 } },
            keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
            a11y: { enabled: true },
            onSwiper: (instance) => {
              swiper.current = instance
            },
          }}
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
