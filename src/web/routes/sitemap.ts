import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import { GROUPS_PER_SITEMAP } from '../lib/sitemap-entries.js'
import { sitemapIndexResponse } from '../lib/sitemap-xml.js'

/** A language's sitemap file: `/sitemaps/es.xml`, then `/sitemaps/es.2.xml` … for a large portfolio. */
export const languageSitemap = (code: string, part = 1) => `/sitemaps/${code}${part > 1 ? `.${part}` : ''}.xml`

/**
 * sitemap.xml: an index of one sitemap per language (issue 24, decision 103), each listing that
 * language's pages with their language versions and pictures; a large portfolio takes several
 * files per language (routes/sitemap-part.ts serves them).
 */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const [languages, originals, modified] = await Promise.all([
    site.languages(),
    site.projectCount(),
    site.lastModified(),
  ])
  const parts = Math.max(1, Math.ceil(originals / GROUPS_PER_SITEMAP))
  const newest = Object.values(modified).sort().at(-1) ?? null
  return sitemapIndexResponse(
    site.publicUrl,
    languages.flatMap((language) =>
      Array.from({ length: parts }, (_, i) => ({ path: languageSitemap(language.code, i + 1), lastmod: newest })),
    ),
  )
}
