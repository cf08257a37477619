import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router'
import { telHref } from '../../shared/site-settings.js'
import type { SiteData } from '../../shared/site-data.js'
import { ContactForm, type EnquiryActionResult } from '../components/contact-form.js'
import { DeferredForm } from '../components/deferred-form.js'
import { PageBanner } from '../components/page-banner.js'
import { POOL_PROJECTS } from '../components/project-teaser.js'
import { WHATSAPP_TEXT, WhatsappLink } from '../components/whatsapp-link.js'
import { enquiryAction } from '../lib/enquiry-action.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { mergeText, textFor } from '../lib/page-text.js'
import { STATIC_PAGE } from '../lib/page-handle.js'
import { CONTACT_LEAD, CONTACT_TITLE, contactHead } from '../lib/page-heads.js'
import { sitePageMeta } from '../lib/seo.js'
import { pageMeta, useSite } from '../lib/use-site.js'
// The page's own stylesheet (site-layout.tsx says why).
import '../styles/page-sheets/contact.css'

/** Its form brings its own code (decision 123): the page starts no framework. */
export const handle = STATIC_PAGE

/**
 * `?project=<slug or id>` (issue 11): the project the visitor asks about, in the page's language
 * when it has that translation. Unknown ones are ignored: the form still works without.
 */
async function projectFor(site: SiteData, wanted: string | null, lang: string) {
  const found = wanted ? await site.project(wanted.slice(0, 200)) : null
  if (!found || found.language === lang) return found
  const member = found.translations.find((t) => t.code === lang)
  return (member && (await site.project(member.slug))) ?? found
}

/** The strings the page shows from the shared text (page-text.ts). */
const CONTACT_TEXT = [
  CONTACT_TITLE,
  'Get in touch',
  CONTACT_LEAD,
  'E-mail',
  'Phone',
  'Your enquiry is about',
  'I would like to know more about {project}.',
  ...WHATSAPP_TEXT,
]

export async function loader({ context, params, request }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang } = await requireLanguage(site, params.lang)
  const [text, homeText, projects, project, seo] = await Promise.all([
    site.pageText('contact'),
    site.pageText('home'),
    site.projects(lang, { limit: POOL_PROJECTS }),
    projectFor(site, new URL(request.url).searchParams.get('project'), lang),
    site.pageSeo('contact'),
  ])
  // The banner's photograph: an interior-style gallery image of the newest completed villa.
  const image =
    projects.find((p) => !p.isShow && p.galleryImages[1])?.galleryImages[1] ?? projects[0]?.featuredImage ?? null
  return {
    // The form shows any message its rules or the server answer: the contact page's text stays whole.
    text: mergeText(textFor(homeText, lang, CONTACT_TEXT), textFor(text, lang)),
    image,
    images: await site.images([image]),
    lang,
    project: project && { slug: project.slug, title: project.title },
    whatsappNumber: site.whatsappNumber,
    seo,
  }
}

export const action = (args: ActionFunctionArgs<AppLoadContext>) => enquiryAction(args)

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, (data, layout, t) =>
    sitePageMeta(layout, {
      ...contactHead(t),
      path: '/contact',
      image: data.image,
      describes: 'business',
      seo: data.seo,
    }),
  )

export default function Contact() {
  const { text, image, images, lang, project, whatsappNumber } = useLoaderData<typeof loader>()
  const result = useActionData() as EnquiryActionResult | undefined
  const { t, settings } = useSite(text)
  return (
    <div className="contact-page">
      <PageBanner
        image={image}
        images={images}
        eyebrow={t('Contact')}
        title={t('Get in touch')}
        lead={t('Contact our team now to schedule an initial meeting.')}
        className="contact-banner"
        centered
      >
        {settings.email && (
          <a className="contact-link" href={`mailto:${settings.email}`}>
            <span className="eyebrow contact-link__label">{t('E-mail')}</span>
            <span className="contact-link__value">{settings.email}</span>
          </a>
        )}
        {settings.phone && (
          <a className="contact-link" href={telHref(settings.phone)}>
            <span className="eyebrow contact-link__label">{t('Phone')}</span>
            <span className="contact-link__value">{settings.phone}</span>
          </a>
        )}
        <WhatsappLink number={whatsappNumber} t={t} projectTitle={project?.title} onDark />
      </PageBanner>
      <div className="contact-body container">
        <div className="contact-card">
          {project && (
            <p className="contact-project">
              {t('Your enquiry is about')} <Link to={`/project/${project.slug}`}>{project.title}</Link>
            </p>
          )}
          <DeferredForm>
            <ContactForm
              key={project?.slug ?? ''}
              t={t}
              result={result}
              lang={lang}
              projectSlug={project?.slug}
              initialMessage={
                project ? t('I would like to know more about {project}.').replace('{project}', project.title) : ''
              }
              privacyHref={localePath(lang, '/privacy-policy')}
            />
          </DeferredForm>
        </div>
      </div>
    </div>
  )
}
