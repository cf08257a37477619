import { type Alternate, hreflangSet } from './hreflang.js'

/** One page of a sitemap: its address and every language version of it (itself included). */
export interface SitemapEntry {
  path: string
  alternates: Alternate[]
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' }

/** A <urlset> whose pages carry their language versions as hreflang alternates (and x-default). */
export function urlsetResponse(origin: string, entries: SitemapEntry[]): Response {
  const url = (path: string) => escapeXml(new URL(path, origin).toString())
  const body = entries
    .map(({ path, alternates }) => {
      const links = hreflangSet(alternates)
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${url(a.path)}"/>`)
        .join('\n')
      return `  <url>\n    <loc>${url(path)}</loc>\n${links}\n  </url>`
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${body}
</urlset>
`
  return new Response(xml, { headers: XML_HEADERS })
}

/** A <sitemapindex> naming the sitemap files. */
export function sitemapIndexResponse(origin: string, paths: string[]): Response {
  const body = paths
    .map((path) => `  <sitemap><loc>${escapeXml(new URL(path, origin).toString())}</loc></sitemap>`)
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</sitemapindex>
`
  return new Response(xml, { headers: XML_HEADERS })
}
