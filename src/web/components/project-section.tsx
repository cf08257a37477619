import type { ReactNode } from 'react'
import { useBehaviour } from '../lib/use-behaviour.js'

interface ProjectSectionProps {
  /** Also its address' fragment (the tabs jump to it) and the name of its behaviour. */
  id: 'gallery' | 'amenities'
  title: string
  children: ReactNode
  /** Parts the width of the screen, after the contained ones (the gallery's banner and carousel). */
  wide?: ReactNode
}

/** A section of a project page under a ruled label, which the tabs focus when they jump to it. */
export function ProjectSection({ id, title, children, wide }: ProjectSectionProps) {
  const behaviour = useBehaviour<HTMLElement>(`project-${id}`)
  return (
    <section
      id={id}
      className={`project-section project-${id}`}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      {...behaviour}
    >
      <div className="container">
        <h2 id={`${id}-title`} className="section-label eyebrow--ruled">
          {title}
        </h2>
        {children}
      </div>
      {wide}
    </section>
  )
}
