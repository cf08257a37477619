import type { MetaDescriptor } from 'react-router'
import type { SiteSettings } from '../../shared/schemas/site-settings.schema.js'
import type { SeoFields } from '../../shared/seo-fields.js'
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings.js'
import { socialCardRequest, SOCIAL_CARD } from '../../shared/social-card.js'
import { type Alternate, hreflangSet, ogLocale } from './hreflang.js'
import { localePath } from './languages.js'
import { type Breadcrumb, businessNode, jsonLd, organizationNode, webPageNode, websiteNode } from './structured-data.js'

export type { Alternate } from './hreflang.js'

export interface SeoInput {
  origin: string
  lang: string
  title: string
  description: string
  /** This page's canonical path. */
  path: string
  /** Every language version of this page, this one included. */
  alternates: Alternate[]
  /** The page's picture: the social card is made from it (with the title and the company's mark). */
  image?: string | null
  /** `image`'s alt text (decision 115): the card's `og:image:alt`; the title when empty. */
  imageAlt?: string
  /** The page's own uploaded card (decision 112): shown instead of the generated one. */
  ogImage?: string | null
  noindex?: boolean
  type?: 'website' | 'article'
  /** The Site settings (the layout's); the defaults when absent. */
  settings?: SiteSettings
  /** The home page describes the company; the contact page the business. */
  describes?: 'company' | 'business'
  /** Home > … > this page (project pages). */
  breadcrumbs?: Breadcrumb[]
}

/**
 * Title, description, canonical, hreflang alternates (with x-default), Open Graph and Twitter
 * cards, and the page's JSON-LD. A noindex page leaves the hreflang set (and the sitemaps).
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const settings = input.settings ?? DEFAULT_SITE_SETTINGS
  const company = settings.companyName
  const url = (path: string) => new URL(path, input.origin).toString()
  const canonical = url(input.path)
  const languages = hreflangSet(input.alternates).filter((a) => a.lang !== 'x-default')
  const meta: MetaDescriptor[] = [
    { title: documentTitle(input.title, company) },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: company },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: ogLocale(input.lang) },
    ...languages
      .filter((a) => a.lang !== input.lang)
      .map((a) => ({ property: 'og:locale:alternate', content: ogLocale(a.lang) })),
    // The card: replaced on the server by the stored 1200x630 image (server/site/social-cards.ts).
    // Only the server writes it: the browser cannot know the stored address, and a different
    // address at hydration would add a second og:image beside the server's.
    ...(typeof document === 'undefined'
      ? [
          {
            property: 'og:image',
            content: url(
              socialCardRequest(
                input.ogImage
                  ? { title: input.title, image: input.ogImage, lang: input.lang, plain: true }
                  : { title: input.title, image: input.image ?? null, lang: input.lang },
              ),
            ),
          },
        ]
      : []),
    { property: 'og:image:width', content: String(SOCIAL_CARD.width) },
    { property: 'og:image:height', content: String(SOCIAL_CARD.height) },
    // A generated card shows the page's picture; an uploaded one has no alt text of its own.
    { property: 'og:image:alt', content: (!input.ogImage && input.imageAlt) || input.title },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex, follow' })
  else
    for (const alternate of hreflangSet(input.alternates)) {
      meta.push({ tagName: 'link', rel: 'alternate', hrefLang: alternate.lang, href: url(alternate.path) })
    }
  const nodes = [
    webPageNode({
      origin: input.origin,
      url: canonical,
      title: input.title,
      description: input.description,
      lang: input.lang,
      breadcrumbs: input.breadcrumbs,
    }),
  ]
  if (input.describes === 'company')
    nodes.push(
      organizationNode(settings, input.origin),
      websiteNode(settings, input.origin, input.lang),
      businessNode(settings, input.origin, input.image),
    )
  if (input.describes === 'business') nodes.push(businessNode(settings, input.origin, input.image))
  meta.push(jsonLd(nodes))
  return meta
}

/** The <title> as written: the page's title, then the company's name. */
export const documentTitle = (title: string, company: string) => (title === company ? title : `${title} | ${company}`)

/** Trims text to a meta description's length at a word boundary. */
export function describe(text: string, max = 158): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  return `${clean.slice(0, clean.lastIndexOf(' ', max - 1))}…`
}

/** A page text's SEO fields by language (decision 112): a language without them takes the defaults. */
export type PageSeo = Record<string, SeoFields | undefined>

/** One page's address in each of the site's languages; a language its SEO marks noindex says so. */
export const inEveryLanguage = (codes: string[], path: string, seo: PageSeo = {}): Alternate[] =>
  codes.map((code) => ({ lang: code, path: localePath(code, path), noindex: seo[code]?.noindex === true }))

/** A page's title, description, card and noindex in `lang`: its SEO fields where set, else the derived ones. */
export function withPageSeo<T extends Pick<SeoInput, 'title' | 'description' | 'ogImage' | 'noindex'>>(
  page: T,
  seo: SeoFields | undefined,
): T {
  if (!seo) return page
  return {
    ...page,
    title: seo.seoTitle || page.title,
    description: seo.seoDescription || page.description,
    ogImage: seo.ogImage ?? page.ogImage,
    noindex: page.noindex || seo.noindex,
  }
}

/**
 * The tags of a site page that exists in every language: its address in the layout's language,
 * and its alternates in all the others. `seo`: its page text's SEO fields by language.
 */
export function sitePageMeta(
  layout: { origin: string; lang: string; languages: { code: string }[]; settings?: SiteSettings },
  page: Pick<
    SeoInput,
    'title' | 'description' | 'path' | 'image' | 'imageAlt' | 'ogImage' | 'noindex' | 'describes'
  > & {
    seo?: PageSeo
  },
): MetaDescriptor[] {
  const { seo = {}, ...own } = page
  return seoMeta({
    ...withPageSeo(own, seo[layout.lang]),
    origin: layout.origin,
    lang: layout.lang,
    settings: layout.settings,
    path: localePath(layout.lang, page.path),
    alternates: inEveryLanguage(
      layout.languages.map((l) => l.code),
      page.path,
      seo,
    ),
  })
}
