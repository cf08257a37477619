/**
 * The pages that exist in every language, at /x and /{lang}/x (SPEC 2). `indexed`: listed in the
 * sitemaps and given hreflang alternates; coming soon is a placeholder search engines skip.
 */
export const SITE_PAGES = [
  { path: '/', indexed: true },
  { path: '/about', indexed: true },
  { path: '/all-projects', indexed: true },
  { path: '/contact', indexed: true },
  { path: '/privacy-policy', indexed: true },
  { path: '/coming-soon', indexed: false },
] as const

/** Paths the server itself answers (files, the API, the back office): never a redirect's source. */
export const RESERVED_PATH_PREFIXES = [
  '/api/',
  '/admin',
  '/uploads/',
  '/assets/',
  '/sitemaps/',
  '/preview/',
  '/social-card',
] as const
export const RESERVED_PATHS = ['/404', '/sitemap.xml', '/robots.txt', '/favicon.svg', '/healthz'] as const
