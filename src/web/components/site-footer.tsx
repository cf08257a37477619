import { Link } from 'react-router'
import { localePath } from '../lib/languages.js'
import type { Translate } from '../lib/page-text.js'
import { Logo } from './logo.js'
import { ServerHtml } from './server-html.js'

/** The strings the footer shows (page-text.ts). */
export const FOOTER_TEXT = [
  'Start your own project',
  'Contact our team now to schedule an initial meeting.',
  'Start Now',
  'Footer',
  'Projects',
  'About',
  'Contact',
  'Privacy policy',
  'Social media',
]

/** SPEC 2: the 'Start your own project' banner, the links, and two social icons. */
export function SiteFooter({ lang, t }: { lang: string; t: Translate }) {
  return (
    <ServerHtml as="footer" className="site-footer">
      <section className="footer-banner" aria-labelledby="footer-banner-title">
        <h2 id="footer-banner-title">{t('Start your own project')}</h2>
        <p>{t('Contact our team now to schedule an initial meeting.')}</p>
        {/* SPEC: this link goes to /contact without a language prefix. */}
        <Link className="button button--light" to="/contact">
          {t('Start Now')}
        </Link>
      </section>
      <div className="site-footer__bottom">
        <Link to={localePath(lang, '/')} className="site-footer__logo">
          <Logo />
        </Link>
        <nav aria-label={t('Footer')}>
          <ul className="site-footer__links">
            <li>
              <Link to={localePath(lang, '/all-projects')}>{t('Projects')}</Link>
            </li>
            <li>
              <Link to={localePath(lang, '/about')}>{t('About')}</Link>
            </li>
            <li>
              <Link to={localePath(lang, '/contact')}>{t('Contact')}</Link>
            </li>
            <li>
              {/* The SPEC's link had no target; issue 11 gives it the privacy policy. */}
              <Link to={localePath(lang, '/privacy-policy')}>{t('Privacy policy')}</Link>
            </li>
          </ul>
        </nav>
        <ul className="site-footer__social" aria-label={t('Social media')}>
          <li>
            <span role="img" aria-label="Instagram">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <circle cx="17.5" cy="6.5" r="1.1" fill="currentColor" />
              </svg>
            </span>
          </li>
          <li>
            <span role="img" aria-label="Facebook">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v7h4v-7h3l1-4h-4V8.6c0-.4.3-.6.6-.6z"
                  fill="currentColor"
                />
              </svg>
            </span>
          </li>
        </ul>
        <p className="site-footer__copy">© {new Date().getFullYear()} Costa del Sol Villas</p>
      </div>
    </ServerHtml>
  )
}
