import { type MetaDescriptor, useRouteLoaderData } from 'react-router'
import { COMPANY_NAME } from '../../shared/constants.js'
import type { PageText } from '../../shared/site-data.js'
import { makeTranslate, type Translate } from './page-text.js'
import type { SiteLayoutData } from '../routes/site-layout.js'

/** The site layout's route id: its loader holds the language, the languages and the shared text. */
export const SITE_LAYOUT_ID = 'routes/site-layout'

/** The layout's data and a translator for a page's own text (falling back to the shared text). */
export function useSite(pageText: PageText = {}) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ID) as SiteLayoutData
  return { ...layout, t: makeTranslate(layout.lang, [pageText, layout.chrome]) }
}

/** The layout's data inside a route's `meta` (which gets the matches, not hooks). */
export function layoutOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return matches.find((match) => match?.id === SITE_LAYOUT_ID)?.loaderData as SiteLayoutData | undefined
}

/**
 * A page's `meta` from its loader's data, the layout and a translator for the page's own text
 * (or texts, the first found first: home reads its own, then about's); the company's name alone
 * while either is missing (a page that failed to load).
 */
export function pageMeta<D extends { text: PageText | PageText[] }>(
  args: { loaderData: D | undefined; matches: Parameters<typeof layoutOf>[0] },
  tags: (data: D, layout: SiteLayoutData, t: Translate) => MetaDescriptor[],
): MetaDescriptor[] {
  const layout = layoutOf(args.matches)
  if (!args.loaderData || !layout) return [{ title: COMPANY_NAME }]
  const { text } = args.loaderData
  return tags(
    args.loaderData,
    layout,
    makeTranslate(layout.lang, [...(Array.isArray(text) ? text : [text]), layout.chrome]),
  )
}
