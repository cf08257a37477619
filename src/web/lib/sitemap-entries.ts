import type { SiteData } from '../../shared/site-data.js'
import { SITE_PAGES } from '../../shared/site-pages.js'
import type { Project } from '../../shared/types.js'
import { isDecorative, projectAltImages, resolvedAlt } from '../../shared/image-alts.js'
import { projectAlternates } from './hreflang.js'
import { localePath } from './languages.js'
import { inEveryLanguage } from './seo.js'
import type { SitemapEntry } from './sitemap-xml.js'

// What the sitemaps list (decision 103), apart from the routes that write them, so the SEO check
// (server/services/seo-report.ts) reads exactly the same entries.

/**
 * Translation groups per sitemap file. A language's file lists its pages and one project per
 * group: 1,000 addresses with ten alternates each is about 1.5 MB, far under the format's 50,000
 * addresses and 50 MB, and renders in milliseconds.
 */
export const GROUPS_PER_SITEMAP = 1000

/** The page text each site page's content comes from (its lastmod). */
const PAGE_TEXT: Record<string, string> = {
  '/': 'home',
  '/about': 'about',
  '/all-projects': 'projects',
  '/contact': 'contact',
  '/privacy-policy': 'privacy-policy',
}

/** The site pages in one language (the indexed ones), each with its versions in every language. */
export async function pageEntries(site: SiteData, lang: string): Promise<SitemapEntry[]> {
  const [languages, modified] = await Promise.all([site.languages(), site.lastModified()])
  const codes = languages.map((l) => l.code)
  const indexed = SITE_PAGES.filter((page) => page.indexed)
  const seo = await Promise.all(indexed.map((page) => site.pageSeo(page.pageText)))
  // A language a page's SEO marks noindex leaves this sitemap and every alternate list (decision 112).
  return indexed.flatMap((page, i) =>
    seo[i]![lang]?.noindex
      ? []
      : [
          {
            path: localePath(lang, page.path),
            alternates: inEveryLanguage(codes, page.path, seo[i]),
            lastmod: modified[PAGE_TEXT[page.path] ?? ''] ?? null,
          },
        ],
  )
}

/**
 * A project's pictures for image search: a decorative one is left out (it shows nothing worth
 * finding, decision 115). Google no longer reads a sitemap's image title or caption, so the alt
 * text reaches it through the page's <img alt>.
 */
const imagesOf = (project: Project) =>
  projectAltImages(project).filter((image) => !isDecorative(resolvedAlt(project, image)))

/** The projects in `lang` of `GROUPS_PER_SITEMAP` translation groups from `offset`, newest first. */
export async function projectEntries(site: SiteData, lang: string, offset: number): Promise<SitemapEntry[]> {
  const groups = await site.projectGroups({ limit: GROUPS_PER_SITEMAP, offset })
  return groups.flatMap((group) =>
    group
      .filter((project) => project.language === lang && !project.noindex)
      .map((project) => ({
        path: `/project/${project.slug}`,
        alternates: projectAlternates(project),
        lastmod: project.updatedAt,
        images: imagesOf(project),
      })),
  )
}
