/** Scrolls smoothly so the element's top sits `offset` px below the top of the window. */
export function scrollToElement(element: Element, offset: number) {
  const top = element.getBoundingClientRect().top + window.scrollY - offset
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' })
}

/** The fixed header's height, the offset for in-page links. */
export const headerHeight = () => document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0
