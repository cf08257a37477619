import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { COMPANY_NAME } from '../../shared/constants.js'
import { MESSAGE_PAGE_TEXT, MessagePage } from '../components/page-banner.js'
import { POOL_PROJECTS } from '../components/project-teaser.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { requireLanguage } from '../lib/languages.js'
import { makeTranslate, mergeText, textFor } from '../lib/page-text.js'
import { comingSoonHead } from '../lib/page-heads.js'
import { sitePageMeta } from '../lib/seo.js'
import { layoutOf, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/pages.css'

/** Server HTML and links only: no framework starts in the browser (decision 121). */
export const handle = STATIC_PAGE

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang } = await requireLanguage(site, params.lang)
  const [text, homeText, projects, seo] = await Promise.all([
    site.pageText('coming-soon'),
    site.pageText('home'),
    site.projects(lang, { limit: POOL_PROJECTS }),
    site.pageSeo('coming-soon'),
  ])
  // A quiet photograph behind the message: the newest project's banner image.
  const image = projects.find((p) => p.galleryBannerImage)?.galleryBannerImage ?? projects[0]?.featuredImage ?? null
  return {
    text: mergeText(textFor(homeText, lang, MESSAGE_PAGE_TEXT), textFor(text, lang)),
    image,
    images: await site.images([image]),
    seo,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const layout = layoutOf(matches)
  if (!data || !layout) return [{ title: 'Coming Soon!' }, { name: 'robots', content: 'noindex, follow' }]
  const t = makeTranslate(layout.lang, [data.text])
  return sitePageMeta(layout, {
    ...comingSoonHead(t),
    path: '/coming-soon',
    noindex: true,
    seo: data.seo,
  })
}

export default function ComingSoon() {
  const { text, image, images } = useLoaderData<typeof loader>()
  const { t, lang } = useSite(text)
  return (
    <MessagePage
      lang={lang}
      t={t}
      image={image}
      images={images}
      eyebrow={COMPANY_NAME}
      title={t('Coming Soon!')}
      lead={t('This page is being prepared. Please come back soon.')}
    />
  )
}
