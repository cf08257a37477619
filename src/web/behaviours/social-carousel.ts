import { attachCarousel } from './carousel.js'

/** 'Follow Us On Instagram' (social-carousel.tsx renders it; SPEC 9: 1.15 per view, 4 above 641 px, looping). */
export function attachSocialCarousel(root: HTMLElement): () => void {
  const carousel = root.querySelector<HTMLElement>('.swiper')
  if (!carousel) return () => undefined
  return attachCarousel(carousel, {
    modules: ['a11y', 'keyboard'],
    options: {
      loop: true,
      slidesPerView: 1.15,
      spaceBetween: 16,
      breakpoints: { 641: { slidesPerView: 4, spaceBetween: 24 } },
      keyboard: { enabled: true, onlyInViewport: true, pageUpDown: false },
      a11y: { enabled: true },
    },
  })
}
