import {
  data,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type AppLoadContext,
  type ClientActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router'
import { COMPANY_NAME, HONEYPOT_FIELD } from '../../shared/constants.js'
import { ContactForm, SEND_FAILED, type EnquiryActionResult } from '../components/contact-form.js'
import { PageBanner } from '../components/page-banner.js'
import { localePath, requireLanguage } from '../lib/languages.js'
import { makeTranslate, textFor } from '../lib/page-text.js'
import { seoMeta } from '../lib/seo.js'
import { useSite } from '../lib/use-site.js'
import type { SiteLayoutData } from './site-layout.js'

export const CONTACT_EMAIL = 'info@costadelsolvillas.com'
export const CONTACT_PHONE = '+34952000000'
const CONTACT_PHONE_SHOWN = '+34 952 000 000'

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const { site } = context
  const { lang, languages } = await requireLanguage(site, params.lang)
  const [text, projects] = await Promise.all([site.pageText('contact'), site.projects(lang)])
  // The banner's photograph: an interior-style gallery image of the newest completed villa.
  const image =
    projects.find((p) => !p.isShow && p.galleryImages[1])?.galleryImages[1] ?? projects[0]?.featuredImage ?? null
  return { text: textFor(text, lang), image, images: await site.images([image]), codes: languages.map((l) => l.code) }
}

/** The enquiry, posted by the form (with or without JavaScript); the server validates it again. */
export async function action({ context, request }: ActionFunctionArgs<AppLoadContext>) {
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const values = {
    fname: text('fname'),
    lname: text('lname'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    services: form.getAll('services').filter((s): s is string => typeof s === 'string'),
  }
  try {
    const result = await context.site.sendEnquiry({
      ...values,
      subject: text('subject'),
      [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
    })
    if (result.ok) return { ok: true } satisfies EnquiryActionResult
    return data({ ok: false, message: result.message, field: result.field, values } satisfies EnquiryActionResult, {
      status: result.status,
    })
  } catch (error) {
    console.error('Contact send failure', error)
    return data({ ok: false, message: SEND_FAILED, values } satisfies EnquiryActionResult, { status: 500 })
  }
}

/**
 * With JavaScript: a failed request (network, server error) is an answer to show, not a crash.
 * A failure is answered with an error status, so React Router does not reload the page's data
 * afterwards (which could fail the same way and replace the form with the error page).
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  let result: EnquiryActionResult
  try {
    result = (await serverAction()) as EnquiryActionResult
  } catch (error) {
    console.warn('Contact send failure', error)
    result = { ok: false, message: SEND_FAILED }
  }
  return result.ok ? result : data(result, { status: 500 })
}

/** Sending an enquiry changes nothing this page shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const layout = matches.find((m) => m.id === 'routes/site-layout')?.data as SiteLayoutData | undefined
  if (!data || !layout) return [{ title: COMPANY_NAME }]
  const t = makeTranslate(layout.lang, [data.text, layout.chrome])
  return seoMeta({
    origin: layout.origin,
    lang: layout.lang,
    title: t('Contact'),
    description: t('Contact our team now to schedule an initial meeting.'),
    path: localePath(layout.lang, '/contact'),
    alternates: data.codes.map((code) => ({ lang: code, path: localePath(code, '/contact') })),
    image: data.image,
  })
}

export default function Contact() {
  const { text, image, images } = useLoaderData<typeof loader>()
  const result = useActionData() as EnquiryActionResult | undefined
  const { t } = useSite(text)
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
        <a className="contact-link" href={`mailto:${CONTACT_EMAIL}`}>
          <span className="contact-link__label">{t('E-mail')}</span>
          <span className="contact-link__value">{CONTACT_EMAIL}</span>
        </a>
        <a className="contact-link" href={`tel:${CONTACT_PHONE}`}>
          <span className="contact-link__label">{t('Phone')}</span>
          <span className="contact-link__value">{CONTACT_PHONE_SHOWN}</span>
        </a>
      </PageBanner>
      <section className="contact-body container" aria-label={t('Get in touch')}>
        <div className="contact-card">
          <ContactForm t={t} result={result} />
        </div>
      </section>
    </div>
  )
}
