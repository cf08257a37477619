import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Project } from '../../shared/types.js'
import { localePath } from '../lib/languages.js'
import type { Alternate } from '../lib/seo.js'
import { projectAlternates } from './project.js'

/** The public pages that exist in every language (coming soon and 404 are not indexed). */
const PAGES = ['/', '/about', '/all-projects', '/contact']

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/**
 * sitemap.xml: every public page in every language and every project page, each with its
 * language versions as hreflang alternates (and x-default: the English or original version).
 */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const url = (path: string) => new URL(path, site.publicUrl).toString()
  const codes = (await site.languages()).map((l) => l.code)

  // Each language's list holds that language's member of every translation group (or the
  // original): together they hold every project page.
  const projects = new Map<string, Project>()
  for (const list of await Promise.all(codes.map((code) => site.projects(code)))) {
    for (const project of list) projects.set(project.slug, project)
  }

  const entries: { path: string; alternates: Alternate[] }[] = []
  for (const page of PAGES) {
    const alternates = codes.map((code) => ({ lang: code, path: localePath(code, page) }))
    for (const alternate of alternates) entries.push({ path: alternate.path, alternates })
  }
  for (const project of projects.values()) {
    entries.push({ path: `/project/${project.slug}`, alternates: projectAlternates(project) })
  }

  const body = entries
    .map(({ path, alternates }) => {
      const fallback = alternates.find((a) => a.lang === BASE_LANGUAGE) ?? alternates[0]
      const links = [...alternates, ...(fallback ? [{ lang: 'x-default', path: fallback.path }] : [])]
        .map(
          (a) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${escapeXml(url(a.path))}"/>`,
        )
        .join('\n')
      return `  <url>\n    <loc>${escapeXml(url(path))}</loc>\n${links}\n  </url>`
    })
    .join('\n')

  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${body}
</urlset>
`
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } })
}
