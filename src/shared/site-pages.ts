/**
 * The pages that exist in every language, at /x and /{lang}/x (SPEC 2). `indexed`: listed in the
 * sitemaps and given hreflang alternates; coming soon is a placeholder search engines skip.
 * `pageText`: the page text whose SEO fields are the page's (decision 112).
 */
export const SITE_PAGES = [
  { path: '/', indexed: true, pageText: 'home' },
  { path: '/about', indexed: true, pageText: 'about' },
  { path: '/all-projects', indexed: true, pageText: 'all-projects' },
  { path: '/contact', indexed: true, pageText: 'contact' },
  { path: '/privacy-policy', indexed: true, pageText: 'privacy-policy' },
  { path: '/coming-soon', indexed: false, pageText: 'coming-soon' },
] as const

/** Whether an address (path, with or without its query) is the back office's: /admin and below. */
export const isBackOfficePath = (path: string) => /^\/admin(?:[/?]|$)/.test(path)

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
export const RESERVED_PATHS = [
  '/404',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.svg',
  '/favicon.png',
  '/healthz',
] as const
