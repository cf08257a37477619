import { useRef } from 'react'
import { Link, useLocation, useMatches } from 'react-router'
import type { Language, Project } from '../../shared/types.js'
import { localePath, stripLanguage } from '../lib/languages.js'
import { useClickOutside } from '../lib/use-click-outside.js'
import { usePopover } from '../lib/use-popover.js'

interface Choice {
  code: string
  to: string
}

/**
 * SPEC 2: the current code in upper case; choosing a language swaps the language of the current
 * path. On a project page the choices are the project's own language and its translations.
 */
export function LanguageMenu({ lang, languages }: { lang: string; languages: Language[] }) {
  const ref = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // A popover: it opens before the scripts arrive too (use-popover.ts).
  const { open, close, onToggle } = usePopover(listRef)
  useClickOutside(ref, open, close)
  const location = useLocation()
  const project = (useMatches().find((m) => m.id === 'routes/project')?.data as { project?: Project } | undefined)
    ?.project

  let choices: Choice[]
  if (project) {
    choices = [
      { code: project.language, to: `/project/${project.slug}` },
      ...project.translations.map((t) => ({ code: t.code, to: `/project/${t.slug}` })),
    ]
  } else if (location.pathname === '/404') {
    return null
  } else {
    const page = stripLanguage(location.pathname, languages)
    choices = languages.map((l) => ({ code: l.code, to: localePath(l.code, page) + location.hash }))
  }
  if (choices.length < 2) return null

  return (
    <div className="language-menu" ref={ref}>
      <button
        type="button"
        className="language-menu__toggle"
        aria-expanded={open}
        aria-controls="language-menu-list"
        aria-label={`Language: ${lang.toUpperCase()}`}
        popoverTarget="language-menu-list"
      >
        {lang.toUpperCase()}
        <span aria-hidden="true" className="language-menu__caret" />
      </button>
      <ul id="language-menu-list" className="language-menu__list" popover="auto" ref={listRef} onToggle={onToggle}>
        {choices.map((choice) => (
          <li key={choice.code}>
            <Link
              to={choice.to}
              hrefLang={choice.code}
              aria-current={choice.code === lang ? 'true' : undefined}
              onClick={close}
            >
              {choice.code.toUpperCase()}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
