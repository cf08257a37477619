import type { ReactNode } from 'react'
import type { SiteSettings } from '../../shared/schemas/site-settings.schema.js'
import { SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../../shared/site-settings.js'
import type { Translate } from '../lib/page-text.js'

const ICONS: Record<SocialNetwork, ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="17.5" cy="6.5" r="1.1" fill="currentColor" />
    </>
  ),
  facebook: (
    <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v7h4v-7h3l1-4h-4V8.6c0-.4.3-.6.6-.6z" fill="currentColor" />
  ),
  linkedin: (
    <path
      d="M5 9h3v10H5zM6.5 4a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10 9h2.9v1.4c.4-.8 1.4-1.6 2.9-1.6 3.1 0 3.7 2 3.7 4.7V19h-3v-4.9c0-1.2 0-2.6-1.6-2.6s-1.9 1.2-1.9 2.5v5H10z"
      fill="currentColor"
    />
  ),
  youtube: (
    <path
      d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z"
      fill="currentColor"
    />
  ),
}

/**
 * The footer's social icons (issue 24): one per profile the Site settings name, opening in a new
 * tab; none at all when no profile is set.
 */
export function SocialLinks({ settings, t }: { settings: SiteSettings; t: Translate }) {
  const networks = SOCIAL_NETWORKS.filter((network) => settings[network])
  if (networks.length === 0) return null
  return (
    <ul className="site-footer__social" aria-label={t('Social media')}>
      {networks.map((network) => (
        <li key={network}>
          <a
            href={settings[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SOCIAL_LABELS[network]} (${t('opens in a new tab')})`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {ICONS[network]}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  )
}
