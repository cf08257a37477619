import { COMPANY_NAME } from './constants.js'
import type { SiteSettings } from './schemas/site-settings.schema.js'

// The site settings (issue 24) as the public pages use them: no zod here, so the schema's
// validation stays out of the public scripts (tests/api/site-assets.test.ts budgets them).

/** The social networks the footer has an icon for, in the footer's order. */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'linkedin', 'youtube'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
}

/** What the site says before the administrator fills the settings in (the demo company). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: COMPANY_NAME,
  email: 'info@costadelsolvillas.com',
  phone: '+34 952 000 000',
  streetAddress: '',
  locality: 'Marbella',
  region: 'Málaga',
  postalCode: '',
  country: 'ES',
  latitude: null,
  longitude: null,
  areasServed: ['Marbella', 'Málaga', 'Andalucía'],
  instagram: '',
  facebook: '',
  linkedin: '',
  youtube: '',
}

/** The number a tel: link dials: + and digits only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`
