import { useRouteLoaderData } from 'react-router'
import type { PageText } from '../../shared/site-data.js'
import { makeTranslate } from './page-text.js'
import type { SiteLayoutData } from '../routes/site-layout.js'

/** The layout's data and a translator for a page's own text (falling back to the shared text). */
export function useSite(pageText: PageText = {}) {
  const layout = useRouteLoaderData('routes/site-layout') as SiteLayoutData
  return { ...layout, t: makeTranslate(layout.lang, [pageText, layout.chrome]) }
}
