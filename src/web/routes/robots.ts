import type { AppLoadContext, LoaderFunctionArgs } from 'react-router'

/** robots.txt: everything but the back office may be crawled; the sitemap lists the pages. */
export function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const sitemap = new URL('/sitemap.xml', context.site.publicUrl).toString()
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${sitemap}`, ''].join('\n')
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
