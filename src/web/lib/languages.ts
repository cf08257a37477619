import { data, redirect } from 'react-router'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Language } from '../../shared/types.js'
import type { SiteData } from '../../shared/site-data.js'

/** The route's language, checked against the server's languages; unknown ones go to /404. */
export async function requireLanguage(
  site: SiteData,
  lang: string | undefined,
): Promise<{ lang: string; languages: Language[] }> {
  const languages = await site.languages()
  const code = (lang ?? BASE_LANGUAGE).toLowerCase()
  if (!languages.some((l) => l.code === code)) throw redirect('/404')
  return { lang: code, languages }
}

export { localePath } from '../../shared/locale-path.js'

/** The page path without its language segment: /es/about -> /about. */
export function stripLanguage(pathname: string, languages: { code: string }[]): string {
  const [, first, ...rest] = pathname.split('/')
  if (first && languages.some((l) => l.code === first)) return `/${rest.join('/')}`
  return pathname || '/'
}

export const notFound = () => data(null, { status: 404 })
