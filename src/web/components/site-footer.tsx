import { Link } from 'react-router'
import type { SiteSettings } from '../../shared/schemas/site-settings.schema.js'
import { localePath } from '../lib/languages.js'
import type { Translate } from '../lib/page-text.js'
import { Logo } from './logo.js'
import { ServerHtml } from './server-html.js'
import { SocialLinks } from './social-links.js'

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
  'opens in a new tab',
]

/** SPEC 2: the 'Start your own project' banner, the links, and the social icons (Site settings). */
export function SiteFooter({ lang, t, settings }: { lang: string; t: Translate; settings: SiteSettings }) {
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
        <SocialLinks settings={settings} t={t} />
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {settings.companyName}
        </p>
      </div>
    </ServerHtml>
  )
}
