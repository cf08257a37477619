import { data, type AppLoadContext, type LoaderFunctionArgs } from 'react-router'
import { urlsetResponse } from '../lib/sitemap-xml.js'
import { GROUPS_PER_SITEMAP, pageEntries, projectEntries } from '../lib/sitemap-entries.js'

/** One language's sitemap: `es.xml` (its pages and first projects), `es.2.xml` … (more projects). */
export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const match = /^([a-z]{2,3}(?:-[a-z0-9]{2,8})?)(?:\.([2-9]|[1-9][0-9]{1,5}))?\.xml$/.exec(params.file ?? '')
  const lang = match?.[1]
  const part = Number(match?.[2] ?? 1)
  const offset = (part - 1) * GROUPS_PER_SITEMAP
  const known = lang && (await site.languages()).some((l) => l.code === lang)
  if (!lang || !known || (part > 1 && offset >= (await site.projectCount())))
    throw data('No such sitemap', { status: 404 })
  const pages = part === 1 ? await pageEntries(site, lang) : []
  return urlsetResponse(site.publicUrl, [...pages, ...(await projectEntries(site, lang, offset))])
}
