import type { ReactNode } from 'react'

export interface CarouselSlide {
  key: string
  className?: string
  content: ReactNode
}

/**
 * A carousel as the server sends it: the markup Swiper starts on (behaviours/carousel.ts), styled
 * by the same CSS before and after (carousels.css), so nothing moves when it starts. Until then
 * it scrolls, and its controls step it (carousel-steps.tsx).
 */
export function StillCarousel({ id, className, slides }: { id?: string; className: string; slides: CarouselSlide[] }) {
  return (
    <div id={id} className={`swiper ${className}`}>
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
