import type { SiteSettings } from '../../shared/schemas/site-settings.schema.js'
import { SOCIAL_NETWORKS } from '../../shared/site-settings.js'

// JSON-LD from the Site settings (issue 24, decision 102). Every page has a WebPage in its
// language; the home page adds the Organization, the WebSite and the business; the contact page
// the business; a project page its breadcrumbs. No RealEstateListing or FAQ markup: Google shows
// neither for a builder's site, and markup that does not match a rich result only adds bytes.

type Node = Record<string, unknown>

const withoutEmpty = (node: Node): Node =>
  Object.fromEntries(
    Object.entries(node).filter(
      ([, value]) => value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && !value.length),
    ),
  )

const ids = (origin: string) => ({
  organization: `${origin}/#organization`,
  website: `${origin}/#website`,
  business: `${origin}/#business`,
})

const profiles = (settings: SiteSettings) => SOCIAL_NETWORKS.map((network) => settings[network]).filter(Boolean)

export function organizationNode(settings: SiteSettings, origin: string): Node {
  return withoutEmpty({
    '@type': 'Organization',
    '@id': ids(origin).organization,
    name: settings.companyName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: settings.email,
    telephone: settings.phone,
    sameAs: profiles(settings),
  })
}

export function websiteNode(settings: SiteSettings, origin: string, lang: string): Node {
  return {
    '@type': 'WebSite',
    '@id': ids(origin).website,
    name: settings.companyName,
    url: `${origin}/`,
    inLanguage: lang,
    publisher: { '@id': ids(origin).organization },
  }
}

/** The company as a local business: where it is, where it builds. */
export function businessNode(settings: SiteSettings, origin: string, image?: string | null): Node {
  const address = withoutEmpty({
    '@type': 'PostalAddress',
    streetAddress: settings.streetAddress,
    addressLocality: settings.locality,
    addressRegion: settings.region,
    postalCode: settings.postalCode,
    addressCountry: settings.country,
  })
  return withoutEmpty({
    '@type': 'HomeAndConstructionBusiness',
    '@id': ids(origin).business,
    name: settings.companyName,
    url: `${origin}/`,
    image: image ? new URL(image, origin).toString() : null,
    email: settings.email,
    telephone: settings.phone,
    address: Object.keys(address).length > 1 ? address : null,
    geo:
      settings.latitude !== null && settings.longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: settings.latitude, longitude: settings.longitude }
        : null,
    areaServed: settings.areasServed.map((name) => ({ '@type': 'Place', name })),
    sameAs: profiles(settings),
    parentOrganization: { '@id': ids(origin).organization },
  })
}

export interface Breadcrumb {
  name: string
  path: string
}

/** The page itself, in its language; its breadcrumbs (Home > … > this page) when it has some. */
export function webPageNode(input: {
  origin: string
  url: string
  title: string
  description: string
  lang: string
  breadcrumbs?: Breadcrumb[]
}): Node {
  return withoutEmpty({
    '@type': 'WebPage',
    '@id': input.url,
    url: input.url,
    name: input.title,
    description: input.description,
    inLanguage: input.lang,
    isPartOf: { '@id': ids(input.origin).website },
    breadcrumb: input.breadcrumbs?.length ? breadcrumbNode(input.origin, input.breadcrumbs) : null,
  })
}

/** Each step an absolute address. (A BreadcrumbList has no language of its own: its page has.) */
export function breadcrumbNode(origin: string, steps: Breadcrumb[]): Node {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: new URL(step.path, origin).toString(),
    })),
  }
}

/** One `<script type="application/ld+json">` holding every node of the page. */
export const jsonLd = (nodes: Node[]) => ({ 'script:ld+json': { '@context': 'https://schema.org', '@graph': nodes } })
