import Swiper from 'swiper'
import { A11y, EffectFade, Keyboard } from 'swiper/modules'
import type { SwiperOptions } from 'swiper/types'

const MODULES = { a11y: A11y, keyboard: Keyboard, fade: EffectFade }

export type SwiperModuleName = keyof typeof MODULES

/**
 * Starts Swiper on a carousel's server-rendered markup (`.swiper > .swiper-wrapper > .swiper-slide`).
 * Loaded by carousel.ts when a carousel nears the viewport: Swiper's code stays off the first load.
 */
export function startSwiper(element: HTMLElement, modules: SwiperModuleName[], options: SwiperOptions): Swiper {
  return new Swiper(element, { ...options, modules: modules.map((name) => MODULES[name]) })
}
