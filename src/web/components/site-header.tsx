import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Language } from '../../shared/types.js'
import { localePath } from '../lib/languages.js'
import type { Translate } from '../lib/page-text.js'
import { SERVICES_SCROLL_DELAY_MS, scrollToServicesAfter, servicesBlock } from '../lib/services-scroll.js'
import { STICKY_THRESHOLD_PX } from '../lib/sticky-header.js'
import { useClickOutside } from '../lib/use-click-outside.js'
import { usePopover } from '../lib/use-popover.js'
import { LanguageMenu } from './language-menu.js'
import { Logo } from './logo.js'

/** The strings the header shows (page-text.ts). */
export const HEADER_TEXT = ['Menu', 'Services', 'Our Portfolio', 'About', 'Contact']

export function SiteHeader({ lang, languages, t }: { lang: string; languages: Language[]; t: Translate }) {
  const [sticky, setSticky] = useState(false)
  const [heroLogoVisible, setHeroLogoVisible] = useState(true)
  const menuRef = useRef<HTMLDivElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  const { open: menuOpen, close: closeMenu, onToggle } = usePopover(panelRef)
  const location = useLocation()
  const navigate = useNavigate()
  const home = localePath(lang, '/')
  const onHome = location.pathname === home || location.pathname === `/${lang}`
  // A press outside or Escape closes the popover natively; focus moving away closes it too.
  useClickOutside(menuRef, menuOpen, closeMenu)

  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY > STICKY_THRESHOLD_PX)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  // On the home page the header logo waits until the hero's big logo has scrolled away.
  useEffect(() => {
    const heroLogo = onHome ? document.getElementById('hero-logo') : null
    if (!heroLogo) return setHeroLogoVisible(false)
    const observer = new IntersectionObserver(([entry]) => setHeroLogoVisible(Boolean(entry?.isIntersecting)), {
      rootMargin: `-${STICKY_THRESHOLD_PX}px 0px 0px 0px`,
    })
    observer.observe(heroLogo)
    return () => observer.disconnect()
  }, [onHome, location.pathname])

  // A navigation closes the menu; not the first render, which may find it opened before hydration.
  const menuPath = useRef(location.pathname)
  useEffect(() => {
    if (menuPath.current === location.pathname) return
    menuPath.current = location.pathname
    closeMenu()
  }, [location.pathname, closeMenu])

  const goToServices = (event: React.MouseEvent) => {
    event.preventDefault()
    closeMenu()
    const services = servicesBlock()
    if (services) scrollToServicesAfter(services, SERVICES_SCROLL_DELAY_MS)
    else navigate(`${home}#services`)
  }

  const links = [
    { label: t('Our Portfolio'), to: localePath(lang, '/all-projects') },
    { label: t('About'), to: localePath(lang, '/about') },
    { label: t('Contact'), to: localePath(lang, '/contact') },
  ]

  return (
    <header className={`site-header${sticky || menuOpen ? ' is-sticky' : ''}`}>
      <div className="site-header__inner">
        <Link to={home} className={`site-header__logo${onHome && heroLogoVisible ? ' is-hidden' : ''}`}>
          <Logo />
        </Link>
        <div className="site-header__actions">
          <LanguageMenu lang={lang} languages={languages} />
          <div className="site-menu" ref={menuRef}>
            {/* A popover: it opens and closes before the scripts arrive too (use-popover.ts). */}
            <button
              type="button"
              className="site-menu__toggle"
              aria-expanded={menuOpen}
              aria-controls="site-menu-list"
              popoverTarget="site-menu-list"
            >
              <span className="site-menu__bars" aria-hidden="true" />
              <span className="visually-hidden">{t('Menu')}</span>
            </button>
            <nav
              aria-label={t('Menu')}
              popover="auto"
              id="site-menu-list"
              className="site-menu__panel"
              ref={panelRef}
              onToggle={onToggle}
            >
              <ul>
                <li>
                  <a href={`${home}#services`} onClick={goToServices}>
                    {t('Services')}
                  </a>
                </li>
                {links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </header>
  )
}
