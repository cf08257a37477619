import { attachPageBehaviours } from './behaviours/registry.js'
import { afterDeferredForms } from './lib/deferred-form.js'
import type * as ServicesScroll from './lib/services-scroll.js'
import { STICKY_THRESHOLD_PX } from './lib/sticky-header.js'

/*
 * The browser's entry on a page that does not hydrate (decision 121): what the site's frame does,
 * without React, in a few hundred bytes. The menu and the language list are popovers the browser
 * opens and closes (a press outside and Escape close them too); this keeps their buttons'
 * aria-expanded true, closes one when focus moves out of its menu, turns the header solid past
 * 78 px, hides its logo while the home page's big one shows, scrolls the menu's Services on the
 * page that has them, and remembers the landing page's campaign. On a page that hydrates,
 * site-header.tsx and site-layout.tsx do the same through React. The page's own parts with
 * behaviour load theirs (behaviours/registry.ts, decision 122).
 */

const header = document.querySelector('.site-header')
const followScroll = () => header?.classList.toggle('is-sticky', window.scrollY > STICKY_THRESHOLD_PX)
window.addEventListener('scroll', followScroll, { passive: true })
// A reloaded page may start scrolled down. Read once the next frame has been laid out: this runs
// as the stylesheets apply, and reading scrollY then lays the page out on the spot (47 ms of a
// 79 ms task at 4x CPU, docs/performance.md).
requestAnimationFrame(() => setTimeout(followScroll, 0))

const showExpanded = (panel: HTMLElement, open: boolean) => {
  for (const button of document.querySelectorAll(`[popovertarget="${CSS.escape(panel.id)}"]`))
    button.setAttribute('aria-expanded', String(open))
}
// A popover's toggle event does not bubble: it is caught on its way down.
document.addEventListener(
  'toggle',
  (event) => {
    const panel = event.target as HTMLElement
    if (panel.id && panel.hasAttribute('popover')) showExpanded(panel, (event as ToggleEvent).newState === 'open')
  },
  true,
)
// One the visitor opened before this script arrived.
for (const panel of document.querySelectorAll<HTMLElement>(':popover-open[id]')) showExpanded(panel, true)

// A popover's menu is its button and its panel, side by side in one element.
document.addEventListener('focusin', (event) => {
  for (const panel of document.querySelectorAll<HTMLElement>(':popover-open')) {
    if (!panel.parentElement?.contains(event.target as Node)) panel.hidePopover()
  }
})

// On the home page the header's logo waits until the hero's big logo has scrolled away.
const heroLogo = document.getElementById('hero-logo')
const headerLogo = document.querySelector('.site-header__logo')
if (heroLogo && headerLogo) {
  new IntersectionObserver(([entry]) => headerLogo.classList.toggle('is-hidden', Boolean(entry?.isIntersecting)), {
    rootMargin: `-${STICKY_THRESHOLD_PX}px 0px 0px 0px`,
  }).observe(heroLogo)
}

// On the page with the services (SPEC 9): the menu's Services scrolls there, and so does arriving
// with #services. Elsewhere the link loads the home page at #services. Its code is loaded, not
// imported: the project tabs' behaviour scrolls the same way, and a module both import became a
// chunk this entry waited for.
const services = document.getElementById('services')
if (services) {
  const servicesScroll = import('./lib/services-scroll.js')
  const scrollToServices = (delay: (loaded: typeof ServicesScroll) => number) =>
    servicesScroll.then(
      (loaded) => loaded.scrollToServicesAfter(services, delay(loaded)),
      () => undefined,
    )
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('.site-menu a[href$="#services"]')
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    link.closest<HTMLElement>(':popover-open')?.hidePopover()
    void scrollToServices((loaded) => loaded.SERVICES_SCROLL_DELAY_MS)
  })
  if (window.location.hash === '#services') void scrollToServices((loaded) => loaded.HOME_SERVICES_SCROLL_DELAY_MS)
}

// The enquiry form is put in just after DOMContentLoaded (lib/deferred-form.ts): its behaviour
// is looked for once it is there.
afterDeferredForms(attachPageBehaviours)

// Loaded, not imported: the enquiry form's behaviour reads the campaign too, and a module both
// import became a chunk this entry waited for (two more requests before anything ran). Its own
// task besides: the first use of sessionStorage waits on the browser (1-21 ms unslowed).
import('./lib/landing-campaign.js').then(
  ({ rememberLandingCampaign }) => rememberLandingCampaign(),
  () => undefined,
)
// What end-to-end tests wait for on every page (root.tsx sets it once React has hydrated).
document.documentElement.dataset.hydrated = 'true'
