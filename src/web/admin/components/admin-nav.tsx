import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { mayOpen, useMe } from '../lib/me.js'
import { isCurrent, NAV_GROUPS } from '../lib/nav-groups.js'
import '../admin-nav.css'

const MENU_ID = 'admin-menu'

/**
 * The back office's navigation (decision 134): the declared groups as a sidebar from 1024 px, and
 * behind a "Menu" disclosure button below that. Shows only the links the person may open; the
 * current place is marked with aria-current="page". Logout closes the Account group.
 */
export function AdminNav({ onLogout }: { onLogout: () => void }) {
  const me = useMe()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)

  // A chosen place closes the phone menu.
  useEffect(() => setOpen(false), [pathname])
  // Escape closes an open menu, as a disclosure does.
  useEffect(() => {
    if (!open) return
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    document.addEventListener('keydown', close)
    return () => document.removeEventListener('keydown', close)
  }, [open])

  const groups = NAV_GROUPS.map((group) => ({ ...group, links: group.links.filter((l) => mayOpen(me, l.to)) }))

  return (
    <nav aria-label="Admin" className="admin-nav">
      <button
        type="button"
        className="admin-nav__toggle"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      <div id={MENU_ID} className="admin-nav__groups" data-open={open || undefined}>
        {groups.map(
          (group) =>
            (group.links.length > 0 || group.logout) && (
              <div key={group.label} className="admin-nav__group">
                <h2 id={`admin-nav-${group.label}`}>{group.label}</h2>
                <ul aria-labelledby={`admin-nav-${group.label}`}>
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} aria-current={isCurrent(link, pathname) ? 'page' : undefined}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  {group.logout && (
                    <li>
                      <button type="button" onClick={onLogout}>
                        Logout
                      </button>
                    </li>
                  )}
                </ul>
              </div>
            ),
        )}
      </div>
    </nav>
  )
}
