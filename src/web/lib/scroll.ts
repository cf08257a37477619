/**
 * Scrolls smoothly so the element's top sits `offset` px below the top of the window. Parts of a
 * page styled only as they near the viewport (content-visibility, site.css) stand in with an
 * estimated height and take their own as a smooth scroll passes them, which moves the element
 * (or the browser's scroll anchoring moves the window instead): each time a scroll ends away from
 * the element's place, another brings it there, until the visitor takes over.
 */
export function scrollToElement(element: Element, offset: number) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const behavior = reduce ? 'auto' : 'smooth'
  const place = () => Math.round(element.getBoundingClientRect().top + window.scrollY - offset)
  const top = place()
  window.scrollTo({ top, behavior })
  if (Math.abs(window.scrollY - top) <= 1) return // there already, or jumped there at once
  let tries = 3
  const stop = () => {
    clearTimeout(timer)
    window.removeEventListener('scrollend', arrive)
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop)
  }
  // A scroll that ended earlier may report its end only now: that one is followed by another try.
  const arrive = () => {
    if (Math.abs(place() - window.scrollY) <= 1 || --tries < 0) return stop()
    window.scrollTo({ top: place(), behavior })
  }
  const timer = setTimeout(stop, 5000)
  window.addEventListener('scrollend', arrive)
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true })
}

/** What a visitor scrolls with: any of them during a scroll means they have taken over. */
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** The fixed header's height, the offset for in-page links. */
export const headerHeight = () => document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0
