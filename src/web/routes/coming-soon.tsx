import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { COMPANY_NAME } from '../../shared/constants.js'
import { OnwardLinks, PageBanner } from '../components/page-banner.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { makeTranslate, textFor } from '../lib/page-text.js'
import { seoMeta } from '../lib/seo.js'
import { useSite } from '../lib/use-site.js'
import type { SiteLayoutData } from './site-layout.js'

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang, languages } = await requireLanguage(site, params.lang)
  const [text, projects] = await Promise.all([site.pageText('coming-soon'), site.projects(lang)])
  // A quiet photograph behind the message: the newest project's banner image.
  const image = projects.find((p) => p.galleryBannerImage)?.galleryBannerImage ?? projects[0]?.featuredImage ?? null
  return { text: textFor(text, lang), image, images: await site.images([image]), codes: languages.map((l) => l.code) }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const layout = matches.find((m) => m.id === 'routes/site-layout')?.data as SiteLayoutData | undefined
  if (!data || !layout) return [{ title: 'Coming Soon!' }, { name: 'robots', content: 'noindex, follow' }]
  const t = makeTranslate(layout.lang, [data.text])
  return seoMeta({
    origin: layout.origin,
    lang: layout.lang,
    title: t('Coming Soon!'),
    description: t('This page is being prepared. Please come back soon.'),
    path: localePath(layout.lang, '/coming-soon'),
    alternates: data.codes.map((code) => ({ lang: code, path: localePath(code, '/coming-soon') })),
    noindex: true,
  })
}

export default function ComingSoon() {
  const { text, image, images } = useLoaderData<typeof loader>()
  const { t, lang } = useSite(text)
  return (
    <div className="message-page">
      <PageBanner
        size="tall"
        centered
        image={image}
        images={images}
        eyebrow={COMPANY_NAME}
        title={t('Coming Soon!')}
        lead={t('This page is being prepared. Please come back soon.')}
      >
        <Link className="button button--light" to={localePath(lang, '/')}>
          {t('Back to home')}
        </Link>
      </PageBanner>
      <OnwardLinks lang={lang} t={t} />
    </div>
  )
}
