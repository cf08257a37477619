import { useBehaviour } from '../lib/use-behaviour.js'

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
 * The project page's section bar: in-page links, so it works without JavaScript. Its behaviour
 * (behaviours/project-tabs.ts) scrolls smoothly with an offset, marks the current section and
 * pins the bar under the header.
 */
export function ProjectTabs({ tabs, heroId, label, title }: ProjectTabsProps) {
  const behaviour = useBehaviour<HTMLDivElement>('project-tabs')
  return (
    <div className="project-tabs-slot" data-hero={heroId} {...behaviour}>
      <nav className="project-tabs" aria-label={label} data-sticky="false">
        <div className="project-tabs__inner container">
          {title && (
            <p className="project-tabs__title" aria-hidden="true">
              {title}
            </p>
          )}
          <ul className="project-tabs__list">
            {tabs.map((tab, i) => (
              <li key={tab.id}>
                <a href={`#${tab.id}`} className="project-tabs__tab" aria-current={i === 0 ? 'true' : undefined}>
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
