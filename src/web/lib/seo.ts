import type { MetaDescriptor } from 'react-router'
import { BASE_LANGUAGE, COMPANY_NAME } from '../../shared/constants.js'
import { localePath } from './languages.js'

export interface Alternate {
  lang: string
  path: string
}

export interface SeoInput {
  origin: string
  lang: string
  title: string
  description: string
  /** This page's canonical path. */
  path: string
  /** Every language version of this page, this one included. */
  alternates: Alternate[]
  image?: string | null
  noindex?: boolean
  type?: 'website' | 'article'
}

/** Title, description, canonical, hreflang alternates (with x-default) and Open Graph. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = (path: string) => new URL(path, input.origin).toString()
  const fallback = input.alternates.find((a) => a.lang === BASE_LANGUAGE) ?? input.alternates[0]
  const meta: MetaDescriptor[] = [
    { title: input.title === COMPANY_NAME ? input.title : `${input.title} | ${COMPANY_NAME}` },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url(input.path) },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: COMPANY_NAME },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url(input.path) },
    { property: 'og:locale', content: input.lang },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ]
  if (input.image) meta.push({ property: 'og:image', content: url(input.image) })
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex, follow' })
  else {
    for (const alternate of input.alternates) {
      meta.push({ tagName: 'link', rel: 'alternate', hrefLang: alternate.lang, href: url(alternate.path) })
    }
    if (fallback) meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(fallback.path) })
  }
  return meta
}

/** Trims text to a meta description's length at a word boundary. */
export function describe(text: string, max = 158): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  return `${clean.slice(0, clean.lastIndexOf(' ', max - 1))}…`
}

/** One page's address in each of the site's languages. */
export const inEveryLanguage = (codes: string[], path: string): Alternate[] =>
  codes.map((code) => ({ lang: code, path: localePath(code, path) }))

/**
 * The tags of a site page that exists in every language: its address in the layout's language,
 * and its alternates in all the others.
 */
export function sitePageMeta(
  layout: { origin: string; lang: string; languages: { code: string }[] },
  page: Pick<SeoInput, 'title' | 'description' | 'path' | 'image' | 'noindex'>,
): MetaDescriptor[] {
  return seoMeta({
    ...page,
    origin: layout.origin,
    lang: layout.lang,
    path: localePath(layout.lang, page.path),
    alternates: inEveryLanguage(
      layout.languages.map((l) => l.code),
      page.path,
    ),
  })
}
