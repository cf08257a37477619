import { PRIVACY_POLICY_PAGE, TAGLINE } from '../../shared/constants.js'
import { PRIVACY_POLICY_INTRO, PRIVACY_POLICY_TITLE } from '../../shared/privacy-policy.js'
import type { Translate } from '../../shared/translate.js'
import type { Project } from '../../shared/types.js'
import { describe } from './seo.js'

/**
 * Each page's title and description, in one place: the routes' `meta` put them in the page head,
 * and the SEO check (server/services/seo-report.ts, decision 113) reads the same functions, so
 * what it reports is what the head says. `t` translates in the page's language.
 */
export interface PageHead {
  title: string
  description: string
}

export const STUDIO_TITLE = 'A boutique design-and-build studio on the Costa del Sol'
export const STUDIO_INTRO =
  'We design and build luxury villas where Nordic clarity meets Mediterranean warmth. From the first site visit to the final handover, our architects, interior designers and craftsmen work as one team, so every detail is considered and every promise kept.'
export const PORTFOLIO_TITLE = 'Our Portfolio'
export const CONTACT_TITLE = 'Contact'
export const CONTACT_LEAD = 'Contact our team now to schedule an initial meeting.'
export const COMING_SOON_TITLE = 'Coming Soon!'
export const COMING_SOON_LEAD = 'This page is being prepared. Please come back soon.'

export const homeHead = (t: Translate): PageHead => ({ title: t(TAGLINE), description: describe(t(STUDIO_INTRO)) })

export const aboutHead = (t: Translate): PageHead => ({
  title: t(STUDIO_TITLE),
  description: describe(t(STUDIO_INTRO)),
})

/** All projects, page `page` of the portfolio, described by the titles it lists. */
export const portfolioHead = (t: Translate, page: number, titles: string[]): PageHead => ({
  title: page > 1 ? `${t(PORTFOLIO_TITLE)} · ${t('Page')} ${page}` : t(PORTFOLIO_TITLE),
  description: describe(`${t(TAGLINE)}. ${titles.join(' · ')}`),
})

export const contactHead = (t: Translate): PageHead => ({ title: t(CONTACT_TITLE), description: t(CONTACT_LEAD) })

export const privacyPolicyHead = (t: Translate): PageHead => ({
  title: t(PRIVACY_POLICY_TITLE),
  description: describe(t(PRIVACY_POLICY_INTRO)),
})

export const comingSoonHead = (t: Translate): PageHead => ({
  title: t(COMING_SOON_TITLE),
  description: t(COMING_SOON_LEAD),
})

/** A project's page: its own SEO title and description when set (decision 112), else derived. */
export const projectHead = (
  project: Pick<Project, 'title' | 'description'> & Partial<Pick<Project, 'seoTitle' | 'seoDescription'>>,
): PageHead => ({
  title: project.seoTitle || project.title,
  description: project.seoDescription || describe(project.description || project.title),
})

/**
 * The site pages' heads as their routes make them: `texts` are the page texts whose words `t`
 * looks up, first found wins (the route's own, then the shared ones); `titles` the projects the
 * page lists (all projects' first page).
 */
export const SITE_PAGE_HEADS: Record<string, { texts: string[]; head: (t: Translate, titles: string[]) => PageHead }> =
  {
    '/': { texts: ['home', 'about'], head: homeHead },
    '/about': { texts: ['about', 'home'], head: aboutHead },
    '/all-projects': { texts: ['home'], head: (t, titles) => portfolioHead(t, 1, titles) },
    '/contact': { texts: ['contact', 'home'], head: contactHead },
    '/privacy-policy': { texts: [PRIVACY_POLICY_PAGE, 'home'], head: privacyPolicyHead },
    '/coming-soon': { texts: ['coming-soon', 'home'], head: comingSoonHead },
  }
