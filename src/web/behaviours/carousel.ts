import type { Swiper } from 'swiper'
import type { SwiperOptions } from 'swiper/types'
import type { SwiperModuleName } from './swiper.js'

/** A carousel starts when it is this close to the viewport (a screen ahead of the visitor). */
const START_MARGIN = '100% 0px'

export interface CarouselSettings {
  modules: SwiperModuleName[]
  options: SwiperOptions
}

/**
 * A carousel whose Swiper loads and starts only when it nears the viewport: until then it is the
 * markup Swiper works on, styled by the same CSS (carousels.css), so nothing moves when it starts,
 * and its arrows scroll it (carousel-steps.tsx). Swiper starts at the slide the visitor scrolled
 * to, on the same elements, so focus and pictures stay where they are. Its arrows are the
 * controls that name it (`aria-controls`, `data-carousel-step`). Why lazily: setting up Swiper as
 * the page starts blocked the main thread for 140-160 ms at 4x CPU (docs/performance.md).
 */
export function attachCarousel(element: HTMLElement, { modules, options }: CarouselSettings): () => void {
  let swiper: Swiper | null = null
  let detached = false
  const arrows = element.id
    ? [...document.querySelectorAll<HTMLElement>(`[aria-controls="${CSS.escape(element.id)}"][data-carousel-step]`)]
    : []
  const step = (event: MouseEvent) => {
    if (!swiper) return // carousel-steps.tsx scrolls it until Swiper has started
    if (Number((event.currentTarget as HTMLElement).dataset.carouselStep) < 0) swiper.slidePrev()
    else swiper.slideNext()
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      import('./swiper.js').then(
        ({ startSwiper }) => {
          if (detached) return
          const initialSlide = scrolledTo(element)
          element.scrollLeft = 0
          swiper = startSwiper(element, modules, { ...options, initialSlide })
        },
        // Offline: the carousel stays as it is, and its arrows keep scrolling it.
        () => undefined,
      )
    },
    { rootMargin: START_MARGIN },
  )
  observer.observe(element)
  for (const arrow of arrows) arrow.addEventListener('click', step)
  return () => {
    detached = true
    observer.disconnect()
    for (const arrow of arrows) arrow.removeEventListener('click', step)
    swiper?.destroy(true, false)
  }
}

/** The slide a carousel not yet started is scrolled to. */
function scrolledTo(root: HTMLElement): number {
  const slides = root.querySelectorAll<HTMLElement>('.swiper-wrapper > .swiper-slide')
  if (slides.length < 2) return 0
  const step = slides[1]!.offsetLeft - slides[0]!.offsetLeft
  return step > 0 ? Math.min(slides.length - 1, Math.round(root.scrollLeft / step)) : 0
}
