import { data, type ActionFunctionArgs, type AppLoadContext } from 'react-router'
import { CAMPAIGN_PARAMS, ENQUIRY_LIMITS, ENQUIRY_SERVICES, HONEYPOT_FIELD } from '../../shared/constants.js'
import type { EnquiryActionResult } from '../components/contact-form.js'
import { SEND_FAILED } from './enquiry-form-text.js'

// The enquiry forms' action, shared by the contact page and every project page (issue 11): what
// a form posted without JavaScript reaches (with it, behaviours/enquiry-form.ts sends to the API).

const TEXT_FIELDS = ['fname', 'lname', 'email', 'phone', 'message'] as const
const CONTEXT_FIELDS = ['project', 'language', 'pageUrl', ...CAMPAIGN_PARAMS] as const

/** The enquiry, posted by a form without JavaScript; the server validates it. */
export async function enquiryAction(
  { context, request }: ActionFunctionArgs<AppLoadContext>,
  /** `project`: the page's own project (a project page), over what the form says. */
  page: { project?: string } = {},
) {
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  // What a failed send echoes back into the form: never more than each field takes.
  const echo = (name: (typeof TEXT_FIELDS)[number]) => text(name).slice(0, ENQUIRY_LIMITS[name])
  const values = {
    fname: echo('fname'),
    lname: echo('lname'),
    email: echo('email'),
    phone: echo('phone'),
    message: echo('message'),
    services: form
      .getAll('services')
      .filter((s): s is string => typeof s === 'string')
      .slice(0, ENQUIRY_SERVICES.length)
      .map((s) => s.slice(0, 100)),
    // A browser sends a checkbox only when it is ticked.
    consent: form.has('consent'),
  }
  try {
    const result = await context.site.sendEnquiry({
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)])),
      ...Object.fromEntries(CONTEXT_FIELDS.map((name) => [name, text(name)])),
      ...(page.project && { project: page.project }),
      // Without JavaScript the page's address is the one the browser says it posted from.
      pageUrl: text('pageUrl') || pageAddress(request),
      services: values.services,
      subject: text('subject'),
      // As posted: the schema decides what counts as ticked (true, on, 1).
      consent: text('consent') || undefined,
      [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
    })
    if (result.ok) return { ok: true } satisfies EnquiryActionResult
    return data({ ok: false, message: result.message, field: result.field, values } satisfies EnquiryActionResult, {
      status: result.status,
    })
  } catch (error) {
    // The error only: what the visitor wrote stays out of the log.
    console.error('Contact send failure', (error as Error).message)
    return data({ ok: false, message: SEND_FAILED, values } satisfies EnquiryActionResult, { status: 500 })
  }
}

/** The Referer of a form post, when it is an http(s) address of a sensible length. */
function pageAddress(request: Request): string {
  const referer = request.headers.get('referer') ?? ''
  return /^https?:\/\//i.test(referer) && referer.length <= ENQUIRY_LIMITS.pageUrl ? referer : ''
}
