/**
 * Scrolls smoothly so the element's top sits `offset` px below the top of the window. Parts of a
 * page styled only as they near the viewport (content-visibility, site.css) stand in with an
 * estimated height and take their own as a smooth scroll passes them, which moves the element:
 * when the scroll has ended where it was sent, a second one brings the element to its place.
 */
export function scrollToElement(element: Element, offset: number) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const behavior = reduce ? 'auto' : 'smooth'
  const place = () => Math.round(element.getBoundingClientRect().top + window.scrollY - offset)
  const top = place()
  window.scrollTo({ top, behavior })
  if (Math.abs(window.scrollY - top) <= 1) return // there already, or jumped there at once
  window.addEventListener(
    'scrollend',
    () => {
      // Not when the visitor scrolled elsewhere meanwhile.
      if (Math.abs(window.scrollY - top) <= 1 && Math.abs(place() - top) > 1) {
        window.scrollTo({ top: place(), behavior })
      }
    },
    { once: true },
  )
}

/** The fixed header's height, the offset for in-page links. */
export const headerHeight = () => document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0
