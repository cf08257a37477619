import { A11y, EffectFade, Keyboard } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { CarouselProps } from './lazy-carousel.js'

const MODULES = { a11y: A11y, keyboard: Keyboard, fade: EffectFade }

/** The carousel with Swiper started: loaded by LazyCarousel when it nears the viewport. */
export default function SwiperCarousel({ id, className, slides, modules = [], options }: CarouselProps) {
  return (
    <Swiper id={id} className={className} modules={modules.map((name) => MODULES[name])} {...options}>
      {slides.map((slide) => (
        <SwiperSlide key={slide.key} className={slide.className}>
          {slide.content}
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
