import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router'
import { COMPANY_NAME, PRIVACY_POLICY_PAGE } from '../../shared/constants.js'
import { PRIVACY_POLICY_INTRO, PRIVACY_POLICY_SECTIONS, PRIVACY_POLICY_TITLE } from '../../shared/privacy-policy.js'
import { PageBanner } from '../components/page-banner.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { requireLanguage } from '../lib/languages.js'
import { textFor } from '../lib/page-text.js'
import { privacyPolicyHead } from '../lib/page-heads.js'
import { sitePageMeta } from '../lib/seo.js'
import { pageMeta, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/pages.css'

/** Server HTML and links only: no framework starts in the browser (decision 121). */
export const handle = STATIC_PAGE

/**
 * Issue 11: the privacy policy (the second layer of information). Its text is the translation
 * page `privacy-policy`, which the admin edits per language; the built-in English text shows
 * wherever a language has none.
 */
export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang } = await requireLanguage(site, params.lang)
  const [text, seo] = await Promise.all([site.pageText(PRIVACY_POLICY_PAGE), site.pageSeo(PRIVACY_POLICY_PAGE)])
  return { text: textFor(text, lang), seo }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (data, layout, t) =>
    sitePageMeta(layout, { ...privacyPolicyHead(t), path: '/privacy-policy', seo: data.seo }),
  )

export default function PrivacyPolicy() {
  const { text } = useLoaderData<typeof loader>()
  const { t } = useSite(text)
  return (
    <div className="legal-page">
      <PageBanner size="compact" eyebrow={COMPANY_NAME} title={t(PRIVACY_POLICY_TITLE)} />
      <article className="legal-page__body container">
        <p className="legal-page__lead">{t(PRIVACY_POLICY_INTRO)}</p>
        {PRIVACY_POLICY_SECTIONS.map((section) => (
          <section key={section.heading} className="legal-page__section">
            <h2>{t(section.heading)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{t(paragraph)}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  )
}
