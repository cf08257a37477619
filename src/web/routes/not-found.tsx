import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { BASE_LANGUAGE } from '../../shared/constants.js'
import { MESSAGE_PAGE_TEXT, MessagePage } from '../components/page-banner.js'
import { POOL_PROJECTS } from '../components/project-teaser.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { mergeText, textFor } from '../lib/page-text.js'
import { seoMeta } from '../lib/seo.js'
import { layoutOf, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/pages.css'

/** Server HTML and links only: no framework starts in the browser (decision 121). */
export const handle = STATIC_PAGE

/** SPEC 2: /404 says 'Page Not Found !' and answers with HTTP status 404. */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const [text, homeText, projects] = await Promise.all([
    site.pageText('coming-soon'),
    site.pageText('home'),
    site.projects(BASE_LANGUAGE, { limit: POOL_PROJECTS }),
  ])
  // A quiet photograph behind the message.
  const image = projects.find((p) => p.galleryImages[2])?.galleryImages[2] ?? projects[0]?.featuredImage ?? null
  const shown = mergeText(textFor(homeText, BASE_LANGUAGE, MESSAGE_PAGE_TEXT), textFor(text, BASE_LANGUAGE))
  return data({ text: shown, image, images: await site.images([image]) }, { status: 404 })
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const layout = layoutOf(matches)
  return seoMeta({
    origin: layout?.origin ?? 'http://localhost',
    lang: BASE_LANGUAGE,
    title: 'Page Not Found !',
    description: 'The page you are looking for does not exist or has moved.',
    path: '/404',
    alternates: [],
    noindex: true,
  })
}

export default function NotFound() {
  const { text, image, images } = useLoaderData<typeof loader>()
  const { t, lang } = useSite(text)
  return (
    <MessagePage
      className="message-page--404"
      lang={lang}
      t={t}
      image={image}
      images={images}
      decoration={<p className="message-page__code">404</p>}
      title={t('Page Not Found !')}
      lead={t('The page you are looking for does not exist or has moved.')}
    />
  )
}
