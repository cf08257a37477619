import { headerHeight, scrollToElement } from './scroll.js'

/** SPEC 9: the menu's Services scrolls after 100 ms. */
export const SERVICES_SCROLL_DELAY_MS = 100
/** SPEC 9: arriving at #services, the home page scrolls there after 500 ms. */
export const HOME_SERVICES_SCROLL_DELAY_MS = 500

/** The home page's services block, when this page has it. */
export const servicesBlock = () => document.getElementById('services')

/**
 * Scrolls to the services block under the fixed header after `delay` ms; the timer's cancel. Used
 * by the header and the home page in React (site-header.tsx, home.tsx) and by the static entry.
 */
export function scrollToServicesAfter(services: HTMLElement, delay: number): () => void {
  const timer = setTimeout(() => scrollToElement(services, headerHeight()), delay)
  return () => clearTimeout(timer)
}
