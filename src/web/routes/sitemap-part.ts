import { data, type AppLoadContext, type LoaderFunctionArgs } from 'react-router'
import { urlsetResponse } from '../lib/sitemap-xml.js'
import { GROUPS_PER_SITEMAP, pageEntries, projectEntries } from './sitemap.js'

/** One file of a large site's sitemap index: the pages, or one slice of the projects. */
export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  if (params.file === 'pages.xml') return urlsetResponse(site.publicUrl, await pageEntries(site))
  const part = /^projects-([1-9][0-9]{0,5})\.xml$/.exec(params.file ?? '')?.[1]
  const offset = (Number(part) - 1) * GROUPS_PER_SITEMAP
  if (!part || offset >= (await site.projectCount())) throw data('No such sitemap', { status: 404 })
  return urlsetResponse(site.publicUrl, await projectEntries(site, offset))
}
