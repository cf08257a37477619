import { useEffect } from 'react'
import { type AppLoadContext, Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { FOOTER_TEXT, SiteFooter } from '../components/site-footer.js'
import { HEADER_TEXT, SiteHeader } from '../components/site-header.js'
import { rememberLandingCampaign } from '../lib/landing-campaign.js'
import { requireLanguage } from '../lib/languages.js'
import { makeTranslate, textFor } from '../lib/page-text.js'
// The frame every page shares; each page imports its own stylesheets. A first paint waits for
// none of them (its rules are inlined, decision 060), and after it a phone applies only the
// page's rules: the contact page's 15 KB instead of every page's 47 KB (docs/performance.md).
// A client navigation waits for the next page's stylesheet as React Router loads its route.
import '../styles/site.css'

/** The strings the layout shows around every page (page-text.ts). */
const LAYOUT_TEXT = ['Skip to content', ...HEADER_TEXT, ...FOOTER_TEXT]

/** Shared by every public page: the language, the list of languages, and the header/footer text. */
export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  // A project page has no language segment: its language is the project's own.
  const project = params.slug ? await site.project(params.slug) : null
  const { lang, languages } = await requireLanguage(site, project?.language ?? params.lang)
  const [home, settings] = await Promise.all([site.pageText('home'), site.settings()])
  return {
    lang,
    languages,
    chrome: textFor(home, lang, LAYOUT_TEXT),
    origin: site.publicUrl,
    settings,
    // For a page that does not hydrate (root.tsx).
    staticEntry: context.staticEntry,
  }
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>

export default function SiteLayout() {
  const { lang, languages, chrome, settings } = useLoaderData<typeof loader>()
  const t = makeTranslate(lang, [chrome])
  // The landing page's campaign parameters, for an enquiry later in the visit (decision 054).
  useEffect(() => rememberLandingCampaign(), [])
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <SiteHeader lang={lang} languages={languages} t={t} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter lang={lang} t={t} settings={settings} />
    </>
  )
}
