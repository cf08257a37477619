import { rememberLandingCampaign } from './lib/landing-campaign.js'
import { STICKY_THRESHOLD_PX } from './lib/sticky-header.js'

/*
 * The browser's entry on a page that does not hydrate (decision 121): what the site's frame does,
 * without React, in a few hundred bytes. The menu and the language list are popovers the browser
 * opens and closes (a press outside and Escape close them too); this keeps their buttons'
 * aria-expanded true, closes one when focus moves out of its menu, turns the header solid past
 * 78 px, and remembers the landing page's campaign. On a page that hydrates, site-header.tsx and
 * site-layout.tsx do the same through React.
 */

const header = document.querySelector('.site-header')
const followScroll = () => header?.classList.toggle('is-sticky', window.scrollY > STICKY_THRESHOLD_PX)
window.addEventListener('scroll', followScroll, { passive: true })
// A reloaded page may start scrolled down. Read once the next frame has been laid out: this runs
// as the stylesheets apply, and reading scrollY then lays the page out on the spot (47 ms of a
// 79 ms task at 4x CPU, docs/performance.md).
requestAnimationFrame(() => setTimeout(followScroll, 0))

// A popover's toggle event does not bubble: it is caught on its way down.
document.addEventListener(
  'toggle',
  (event) => {
    const panel = event.target as HTMLElement
    if (!panel.id || !panel.hasAttribute('popover')) return
    const expanded = String((event as ToggleEvent).newState === 'open')
    for (const button of document.querySelectorAll(`[popovertarget="${CSS.escape(panel.id)}"]`))
      button.setAttribute('aria-expanded', expanded)
  },
  true,
)

// A popover's menu is its button and its panel, side by side in one element.
document.addEventListener('focusin', (event) => {
  for (const panel of document.querySelectorAll<HTMLElement>(':popover-open')) {
    if (!panel.parentElement?.contains(event.target as Node)) panel.hidePopover()
  }
})

// In a task of its own: the first use of sessionStorage waits on the browser (1-21 ms unslowed).
setTimeout(rememberLandingCampaign, 0)
// What end-to-end tests wait for on every page (root.tsx sets it once React has hydrated).
document.documentElement.dataset.hydrated = 'true'
