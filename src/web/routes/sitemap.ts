import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import type { SiteData } from '../../shared/site-data.js'
import { localePath } from '../lib/languages.js'
import { type SitemapEntry, sitemapIndexResponse, urlsetResponse } from '../lib/sitemap-xml.js'
import { projectAlternates } from './project.js'

/** The public pages that exist in every language (coming soon and 404 are not indexed). */
const PAGES = ['/', '/about', '/all-projects', '/contact', '/privacy-policy']

/**
 * Translation groups per sitemap file. With ten languages a file then lists about a thousand
 * addresses (about 1.5 MB), far under the format's 50,000 and 50 MB, and renders in milliseconds.
 */
export const GROUPS_PER_SITEMAP = 100

export const PAGES_SITEMAP = '/sitemaps/pages.xml'
export const projectsSitemap = (part: number) => `/sitemaps/projects-${part}.xml`

/** Every page in every language, with its language versions. */
export async function pageEntries(site: SiteData): Promise<SitemapEntry[]> {
  const codes = (await site.languages()).map((l) => l.code)
  return PAGES.flatMap((page) => {
    const alternates = codes.map((code) => ({ lang: code, path: localePath(code, page) }))
    return alternates.map((alternate) => ({ path: alternate.path, alternates }))
  })
}

/** Every language version of `GROUPS_PER_SITEMAP` projects from `offset`, newest first. */
export async function projectEntries(site: SiteData, offset: number): Promise<SitemapEntry[]> {
  const groups = await site.projectGroups({ limit: GROUPS_PER_SITEMAP, offset })
  return groups.flat().map((project) => ({ path: `/project/${project.slug}`, alternates: projectAlternates(project) }))
}

/**
 * sitemap.xml: every public page in every language and every project page, each with its
 * language versions as hreflang alternates. A portfolio too large for one file gets an index of
 * sitemap files instead (routes/sitemap-part.ts serves them).
 */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const originals = await site.projectCount()
  if (originals <= GROUPS_PER_SITEMAP) {
    return urlsetResponse(site.publicUrl, [...(await pageEntries(site)), ...(await projectEntries(site, 0))])
  }
  const parts = Math.ceil(originals / GROUPS_PER_SITEMAP)
  return sitemapIndexResponse(site.publicUrl, [
    PAGES_SITEMAP,
    ...Array.from({ length: parts }, (_, i) => projectsSitemap(i + 1)),
  ])
}
