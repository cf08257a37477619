import { useEffect, useRef, useState } from 'react'
import { scrollToElement } from '../lib/scroll.js'

/** SPEC 9: sticky when the bar's top is at or under 65 px and the hero's bottom at or under 130 px. */
export const TABS_STICKY_TOP_PX = 65
export const TABS_STICKY_HERO_BOTTOM_PX = 130
/** SPEC 9: a tab scrolls its section to 140 px below the top of the window. */
export const TABS_SCROLL_OFFSET_PX = 140

export interface ProjectTab {
  /** The id of the section the tab leads to. */
  id: string
  label: string
}

interface ProjectTabsProps {
  tabs: ProjectTab[]
  /** The id of the hero above the bar (part of the sticky rule). */
  heroId: string
  /** The accessible name of the bar. */
  label: string
  /** Shown beside the tabs while the bar is pinned (the page's h1 says it for assistive technology). */
  title?: string
}

/**
 * The project page's section bar: in-page links (so it works without JavaScript) that scroll
 * smoothly with an offset, mark the current section with aria-current, and pin under the header.
 */
export function ProjectTabs({ tabs, heroId, label, title }: ProjectTabsProps) {
  const [active, setActive] = useState(tabs[0]?.id ?? '')
  const [sticky, setSticky] = useState(false)
  const slotRef = useRef<HTMLDivElement>(null)
  // While a click's smooth scroll runs, the scroll position must not move the active tab.
  const followingClick = useRef(false)
  const ids = tabs.map((tab) => tab.id).join(' ')

  useEffect(() => {
    const sectionIds = ids.split(' ')
    let frame = 0
    const update = () => {
      frame = 0
      const slot = slotRef.current
      const hero = document.getElementById(heroId)
      if (!slot || !hero) return
      const barTop = slot.getBoundingClientRect().top
      const heroBottom = hero.getBoundingClientRect().bottom
      setSticky(barTop <= TABS_STICKY_TOP_PX && heroBottom <= TABS_STICKY_HERO_BOTTOM_PX)
      if (followingClick.current) return
      // Otherwise the active tab is the last section whose top has passed the scroll offset.
      let current = sectionIds[0] ?? ''
      for (const id of sectionIds) {
        const section = document.getElementById(id)
        if (section && section.getBoundingClientRect().top <= TABS_SCROLL_OFFSET_PX + 1) current = id
      }
      setActive(current)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    const release = () => {
      followingClick.current = false
    }
    // In the next frame, not now: measuring here would lay the page out in the middle of hydration.
    schedule()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    window.addEventListener('scrollend', release)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      window.removeEventListener('scrollend', release)
    }
  }, [heroId, ids])

  const go = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id)
    if (!section) return
    event.preventDefault()
    setActive(id)
    followingClick.current = true
    // A fallback for browsers without `scrollend` (and for a scroll that does not move).
    window.setTimeout(() => (followingClick.current = false), 1500)
    scrollToElement(section, TABS_SCROLL_OFFSET_PX)
    // Keyboard and screen reader users continue from the section they chose.
    section.focus({ preventScroll: true })
  }

  return (
    <div className="project-tabs-slot" ref={slotRef}>
      <nav className={`project-tabs${sticky ? ' is-sticky' : ''}`} aria-label={label} data-sticky={sticky}>
        <div className="project-tabs__inner container">
          {title && (
            <p className="project-tabs__title" aria-hidden="true">
              {title}
            </p>
          )}
          <ul className="project-tabs__list">
            {tabs.map((tab) => (
              <li key={tab.id}>
                <a
                  href={`#${tab.id}`}
                  className="project-tabs__tab"
                  aria-current={active === tab.id ? 'true' : undefined}
                  onClick={(event) => go(event, tab.id)}
                >
                  {tab.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </div>
  )
}
