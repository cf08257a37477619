import type { Swiper } from 'swiper'
import { attachCarousel } from './carousel.js'
import { listen, markCurrent, showOnly } from './dom.js'

/**
 * The project's amenities (project-amenities.tsx renders both views; CSS shows the one that fits).
 * Desktop: hovering, focusing or pressing an amenity's title shows its image. Phones: a fading
 * slider kept in step both ways with a strip of thumbnails, each a Swiper once it nears the screen
 * (until then carousel-steps.tsx scrolls the slider to a pressed thumbnail).
 */
export function attachProjectAmenities(section: HTMLElement): () => void {
  const titles = [...section.querySelectorAll<HTMLButtonElement>('.amenities-list__item')]
  const images = [...section.querySelectorAll<HTMLElement>('.amenities-stage__image')]
  const sliderElement = section.querySelector<HTMLElement>('.amenities-slider')
  const thumbsElement = section.querySelector<HTMLElement>('.amenities-thumbs')
  const thumbs = [...section.querySelectorAll<HTMLButtonElement>('.amenities-thumb')]
  let slider: Swiper | null = null
  let strip: Swiper | null = null

  const onTitle = (event: Event) => {
    const title = (event.target as Element).closest<HTMLButtonElement>('.amenities-list__item')
    if (!title) return
    const index = titles.indexOf(title)
    markCurrent(titles, index)
    showOnly(images, images[index])
  }

  const markThumb = (index: number) => markCurrent(thumbs, index)
  const onThumb = (event: MouseEvent) => {
    const thumb = (event.target as Element).closest<HTMLButtonElement>('.amenities-thumb')
    if (!thumb) return
    const index = thumbs.indexOf(thumb)
    markThumb(index)
    slider?.slideTo(index)
  }

  const detachSlider = sliderElement
    ? attachCarousel(sliderElement, {
        modules: ['fade', 'a11y'],
        options: {
          effect: 'fade',
          fadeEffect: { crossFade: true },
          slidesPerView: 1,
          a11y: { enabled: true, slideRole: 'group', slideLabelMessage: '{{index}} / {{slidesLength}}' },
          on: {
            // It starts at the slide a visitor scrolled to before it started.
            afterInit: (started) => {
              slider = started
              markThumb(started.activeIndex)
            },
            slideChange: (moved) => {
              markThumb(moved.activeIndex)
              // Bring the matching thumbnail into view when it is not fully shown.
              const thumb = strip?.slides[moved.activeIndex]
              if (strip && thumb && !thumb.classList.contains('swiper-slide-fully-visible'))
                strip.slideTo(moved.activeIndex)
            },
          },
        },
      })
    : () => undefined
  const detachStrip = thumbsElement
    ? attachCarousel(thumbsElement, {
        modules: [],
        options: {
          // SPEC 9: the strip sizes itself past 3 amenities (the markup says which).
          slidesPerView: thumbsElement.classList.contains('amenities-thumbs--auto') ? 'auto' : 3,
          spaceBetween: 10,
          watchSlidesProgress: true,
          slideToClickedSlide: false,
          on: { afterInit: (started) => (strip = started) },
        },
      })
    : () => undefined

  const onClick = (event: MouseEvent) => {
    onTitle(event)
    onThumb(event)
  }
  const unlisten = listen(section, { mouseover: onTitle, focusin: onTitle, click: onClick })
  return () => {
    detachSlider()
    detachStrip()
    unlisten()
  }
}
