import { scrollToElement } from '../lib/scroll.js'
import { listen, markCurrent } from './dom.js'

/** SPEC 9: sticky when the bar's top is at or under 65 px and the hero's bottom at or under 130 px. */
const STICKY_TOP_PX = 65
const STICKY_HERO_BOTTOM_PX = 130
/** SPEC 9: a tab scrolls its section to 140 px below the top of the window. */
const SCROLL_OFFSET_PX = 140

/**
 * The project page's section bar (project-tabs.tsx renders it): its in-page links scroll smoothly
 * to their section with an offset and focus it, the current section's link is marked with
 * aria-current, and the bar pins under the header (`is-sticky`) once the hero has gone by.
 */
export function attachProjectTabs(slot: HTMLElement): () => void {
  const bar = slot.querySelector<HTMLElement>('.project-tabs')
  const links = [...slot.querySelectorAll<HTMLAnchorElement>('a.project-tabs__tab')]
  const sections = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
  const hero = document.getElementById(slot.dataset.hero ?? '')
  if (!bar || !hero) return () => undefined
  let frame = 0
  // While a click's smooth scroll runs, the scroll position must not move the current tab.
  let followingClick = false
  let releaseTimer = 0

  const update = () => {
    frame = 0
    const sticky =
      slot.getBoundingClientRect().top <= STICKY_TOP_PX && hero.getBoundingClientRect().bottom <= STICKY_HERO_BOTTOM_PX
    bar.classList.toggle('is-sticky', sticky)
    bar.dataset.sticky = String(sticky)
    if (followingClick) return
    // The current tab is the last section's whose top has passed the scroll offset.
    let current = 0
    sections.forEach((section, i) => {
      if (section && section.getBoundingClientRect().top <= SCROLL_OFFSET_PX + 1) current = i
    })
    markCurrent(links, current)
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update)
  }
  const release = () => {
    followingClick = false
  }
  const go = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a.project-tabs__tab')
    const section = link && sections[links.indexOf(link)]
    if (!link || !section) return
    event.preventDefault()
    markCurrent(links, links.indexOf(link))
    followingClick = true
    // A fallback for a scroll that does not move (no `scrollend` then).
    window.clearTimeout(releaseTimer)
    releaseTimer = window.setTimeout(release, 1500)
    scrollToElement(section, SCROLL_OFFSET_PX)
    // Keyboard and screen reader users continue from the section they chose.
    section.focus({ preventScroll: true })
  }

  // In the next frame, not now: measuring here would lay the page out in the middle of its start.
  schedule()
  const unlistenWindow = listen(window, { scroll: schedule, resize: schedule, scrollend: release }, { passive: true })
  const unlistenSlot = listen(slot, { click: go })
  return () => {
    cancelAnimationFrame(frame)
    window.clearTimeout(releaseTimer)
    unlistenWindow()
    unlistenSlot()
  }
}
