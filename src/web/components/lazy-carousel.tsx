import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import type { SwiperProps } from 'swiper/react'

export interface CarouselSlide {
  key: string
  className?: string
  content: ReactNode
}

export interface CarouselProps {
  /** Named by the controls that step it before Swiper starts (carousel-steps.tsx). */
  id?: string
  className: string
  slides: CarouselSlide[]
  /** Swiper's modules by name: the modules themselves load with Swiper. */
  modules?: ('a11y' | 'keyboard' | 'fade')[]
  /** swiper/react's settings and events. */
  options: Omit<SwiperProps, 'className' | 'modules' | 'children'>
}

/** A carousel starts when it is this close to the viewport (a screen ahead of the visitor). */
const START_MARGIN = '100% 0px'

/**
 * A Swiper carousel that loads and starts Swiper only when it nears the viewport. Until then it is
 * the markup Swiper itself renders before it starts, styled by the same CSS: it looks the same.
 * Why: setting up Swiper during hydration blocked the main thread for 140-160 ms (4x CPU) on
 * pages where no carousel is on the first screen (docs/performance.md).
 * Until then its controls scroll it (carousel-steps.tsx), and Swiper starts at the slide the
 * visitor has scrolled to.
 */
export function LazyCarousel(props: CarouselProps) {
  // Not React.lazy: its Suspense boundary makes the server send the carousel out of order, and the
  // boundary hydrates after this component, before its element exists.
  const [Started, setStarted] = useState<ComponentType<CarouselProps> | null>(null)
  const still = useRef<HTMLDivElement>(null)
  const focus = useRef<FocusPlace | null>(null)
  const startAt = useRef(0)

  // Once: after Swiper has started, the still carousel and its element are gone.
  useEffect(() => {
    const element = still.current
    if (!element) return
    let cancelled = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        import('./swiper-carousel.js').then(
          (loaded) => {
            if (cancelled) return
            focus.current = focusPlace(element)
            startAt.current = scrolledTo(element)
            setStarted(() => loaded.default)
          },
          // Offline: the carousel stays as it is, showing its first slides.
          () => undefined,
        )
      },
      { rootMargin: START_MARGIN },
    )
    observer.observe(element)
    return () => {
      cancelled = true
      observer.disconnect()
    }
  }, [])

  // Swiper's markup replaces the still one (focusing a slide brings it near, which starts Swiper):
  // a visitor's focus goes back to the same control, once Swiper has set its slides in place.
  useEffect(() => {
    const place = focus.current
    focus.current = null
    if (Started && place) refocus(place)
  }, [Started])

  if (!Started) return <StillCarousel {...props} rootRef={still} />
  return startAt.current > 0 ? (
    <Started {...props} options={{ ...props.options, initialSlide: startAt.current }} />
  ) : (
    <Started {...props} />
  )
}

/**
 * The slide a still carousel is scrolled to. A copy of behaviours/carousel.ts's on purpose: sharing
 * it made a chunk of its own that every hydrating page preloads (+0.1-0.2 KB, over the script
 * budget in CI); it goes with this component when the project pages use the behaviour.
 */
function scrolledTo(root: HTMLElement): number {
  const slides = root.querySelectorAll<HTMLElement>('.swiper-wrapper > .swiper-slide')
  if (slides.length < 2) return 0
  const step = slides[1]!.offsetLeft - slides[0]!.offsetLeft
  return step > 0 ? Math.min(slides.length - 1, Math.round(root.scrollLeft / step)) : 0
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

/** Where focus is in a carousel: which slide, which control in it, and where the carousel is. */
interface FocusPlace {
  parent: Element
  position: number
  slide: number
  control: number
}

function focusPlace(root: HTMLElement): FocusPlace | null {
  const focused = document.activeElement
  const slide = focused?.closest('.swiper-slide')
  if (!focused || !slide || !root.contains(slide) || !root.parentElement) return null
  return {
    parent: root.parentElement,
    position: [...root.parentElement.children].indexOf(root),
    slide: [...slide.parentElement!.children].indexOf(slide),
    control: [...slide.querySelectorAll(FOCUSABLE)].indexOf(focused),
  }
}

function refocus({ parent, position, slide, control }: FocusPlace) {
  const root = parent.children[position]
  // In loop mode Swiper reorders its slides and numbers them by their first place.
  const slides = root?.querySelectorAll<HTMLElement>('.swiper-wrapper > .swiper-slide') ?? []
  const target = [...slides].find((element) => element.dataset.swiperSlideIndex === String(slide)) ?? slides[slide]
  target?.querySelectorAll<HTMLElement>(FOCUSABLE)[control]?.focus({ preventScroll: true })
}

/**
 * The markup swiper/react renders on the server, without Swiper: the one Swiper starts on
 * (behaviours/carousel.ts) or that LazyCarousel replaces with swiper/react's.
 */
export function StillCarousel({
  id,
  className,
  slides,
  rootRef,
}: Pick<CarouselProps, 'id' | 'className' | 'slides'> & { rootRef?: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={rootRef} id={id} className={`swiper ${className}`}>
      <div className="swiper-wrapper">
        {slides.map((slide) => (
          <div key={slide.key} className={slide.className ? `swiper-slide ${slide.className}` : 'swiper-slide'}>
            {slide.content}
          </div>
        ))}
      </div>
    </div>
  )
}
