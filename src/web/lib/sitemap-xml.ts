import { type Alternate, hreflangSet } from './hreflang.js'

/** One page of a sitemap: its address, every language version of it (itself included), its pictures. */
export interface SitemapEntry {
  path: string
  alternates: Alternate[]
  /** ISO time its content last changed. */
  lastmod?: string | null
  images?: string[]
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' }

/**
 * A <urlset> whose pages carry their language versions as hreflang alternates, made by the same
 * hreflangSet as the page head's (lib/hreflang.ts), and their pictures as <image:image>.
 */
export function urlsetResponse(origin: string, entries: SitemapEntry[]): Response {
  const url = (path: string) => escapeXml(new URL(path, origin).toString())
  const body = entries
    .map(({ path, alternates, lastmod, images = [] }) => {
      const lines = [`    <loc>${url(path)}</loc>`]
      if (lastmod) lines.push(`    <lastmod>${escapeXml(lastmod)}</lastmod>`)
      for (const a of hreflangSet(alternates))
        lines.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(a.lang)}" href="${url(a.path)}"/>`)
      for (const image of new Set(images))
        lines.push(`    <image:image><image:loc>${url(image)}</image:loc></image:image>`)
      return `  <url>\n${lines.join('\n')}\n  </url>`
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
${body}
</urlset>
`
  return new Response(xml, { headers: XML_HEADERS })
}

/** A <sitemapindex> naming the sitemap files, each with when its newest content changed. */
export function sitemapIndexResponse(origin: string, files: { path: string; lastmod?: string | null }[]): Response {
  const body = files
    .map(
      ({ path, lastmod }) =>
        `  <sitemap><loc>${escapeXml(new URL(path, origin).toString())}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</sitemap>`,
    )
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</sitemapindex>
`
  return new Response(xml, { headers: XML_HEADERS })
}
