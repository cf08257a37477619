import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Form, useNavigation } from 'react-router'
import { CAMPAIGN_PARAMS, ENQUIRY_SERVICES, ENQUIRY_SUBJECT, HONEYPOT_FIELD } from '../../shared/constants.js'
import type { siteEnquirySchema } from '../../shared/schemas/enquiry.schema.js'
import { landingCampaign } from '../lib/landing-campaign.js'
import type { Translate } from '../lib/page-text.js'
import { ConsentCheck, PrivacyNotice } from './privacy-notice.js'

/** SPEC 9: the thanks message shows for 5 seconds. */
export const THANKS_MS = 5000
export const SEND_FAILED = 'Your message could not be sent. Please try again.'

const TEXT_FIELDS = ['fname', 'lname', 'email', 'phone', 'message'] as const
type TextField = (typeof TEXT_FIELDS)[number]
type Values = Record<TextField, string>
type FieldErrors = Partial<Record<TextField | 'services' | 'consent', string>>

const EMPTY: Values = { fname: '', lname: '', email: '', phone: '', message: '' }

/** What the contact route's action answers (also without JavaScript, as the page's action data). */
export type EnquiryActionResult =
  | { ok: true }
  | {
      ok: false
      message: string
      field?: string
      values?: Partial<Values> & { services?: string[]; consent?: boolean }
    }

interface ContactFormProps {
  t: Translate
  /** The last submission's answer, if any. */
  result: EnquiryActionResult | undefined
  /** The page's language, sent with the enquiry. */
  lang: string
  /** The project the enquiry is about (the server looks it up by this slug). */
  projectSlug?: string
  /** The message the form starts with (a line naming the project). */
  initialMessage?: string
  /** The privacy policy in the page's language. */
  privacyHref: string
}

const isField = (key: string): key is TextField | 'services' | 'consent' =>
  key === 'services' || key === 'consent' || (TEXT_FIELDS as readonly string[]).includes(key)

// The shared schema brings zod (25 KB, 70-140 ms of a phone's main thread to evaluate): it loads
// when a visitor first moves into the form, not with the page (docs/performance.md).
let schema: typeof siteEnquirySchema | undefined
// Could not be loaded (offline): the form is sent unchecked and the server checks it.
let schemaUnavailable = false
let schemaLoading: Promise<void> | undefined
/** Starts loading the schema once; every focus in the form asks. */
function loadSchema(): Promise<void> {
  schemaLoading ??= import('../../shared/schemas/enquiry.schema.js').then(
    (loaded) => void (schema = loaded.siteEnquirySchema),
    () => void (schemaUnavailable = true),
  )
  return schemaLoading
}

/** Field errors of the shared enquiry schema, the first message per field (none until it loaded). */
function validate(input: Record<string, unknown>): FieldErrors {
  const parsed = schema?.safeParse(input)
  if (!parsed || parsed.success) return {}
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (isField(key) && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/**
 * SPEC 5: the enquiry form. A React Router <Form>, so it posts to the route's action with or
 * without JavaScript; with JavaScript it is checked first with the same schema as the server.
 * Success clears the fields (the subject is fixed) and thanks the visitor for 5 s; a failure
 * keeps what was typed and says so (docs/decisions/008).
 */
export function ContactForm({ t, result, lang, projectSlug, initialMessage = '', privacyHref }: ContactFormProps) {
  const empty: Values = { ...EMPTY, message: initialMessage }
  const id = useId()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'
  const failedBefore = result && !result.ok ? result : undefined

  const [values, setValues] = useState<Values>(() => ({ ...empty, ...pickValues(failedBefore?.values) }))
  const [services, setServices] = useState<string[]>(() => failedBefore?.values?.services ?? [])
  // SPEC-free, AEPD: unticked until the visitor ticks it; kept when a send failed.
  const [consent, setConsent] = useState(() => failedBefore?.values?.consent === true)
  const [errors, setErrors] = useState<FieldErrors>(() =>
    failedBefore?.field && isField(failedBefore.field) ? { [failedBefore.field]: failedBefore.message } : {},
  )
  const [thanksAt, setThanksAt] = useState<number | null>(() => (result?.ok ? 0 : null))
  const [failed, setFailed] = useState(Boolean(failedBefore))
  const seen = useRef(result)
  const formRef = useRef<HTMLFormElement>(null)

  // What the visitor typed or ticked before the page was interactive is in the fields, not in
  // state: it is taken over, or the first render after hydration would empty the fields (a
  // controlled field shows its state). The server's values are in the fields too. A layout effect,
  // so it happens in hydration's own task: as a passive effect it ran later, at a lower priority
  // than a keystroke, and a keystroke in another field in between rendered the form from the
  // empty state and emptied the field typed before (tests/e2e/contact.e2e.ts, at 4x CPU). The
  // form renders again only if something was typed: hydration's task is a phone's longest.
  useLayoutEffect(() => {
    const form = formRef.current
    if (!form) return
    const fieldValue = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ''
    const typed = Object.fromEntries(TEXT_FIELDS.map((name) => [name, fieldValue(name)])) as Values
    setValues((current) => (TEXT_FIELDS.every((name) => current[name] === typed[name]) ? current : typed))
    const ticked = [...form.querySelectorAll<HTMLInputElement>('input[name="services"]:checked')].map(
      (box) => box.value,
    )
    setServices((current) => (current.join('\n') === ticked.join('\n') ? current : ticked))
    setConsent((form.elements.namedItem('consent') as HTMLInputElement | null)?.checked === true)
    // Browser validation until the page is interactive; then the schema's messages, beside the
    // fields. Set here, not rendered: React leaves attributes it does not render alone.
    form.noValidate = true
    form.dataset.hydrated = 'true'
  }, [])

  // A new answer from the action.
  useEffect(() => {
    if (!result || result === seen.current) return
    seen.current = result
    if (result.ok) {
      setValues({ ...EMPTY, message: initialMessage })
      setServices([])
      setConsent(false)
      setErrors({})
      setFailed(false)
      setThanksAt(Date.now())
    } else {
      setFailed(true)
      setThanksAt(null)
      if (result.field && isField(result.field)) setErrors({ [result.field]: result.message })
    }
  }, [result, initialMessage])

  useEffect(() => {
    if (thanksAt === null) return
    const timer = window.setTimeout(() => setThanksAt(null), THANKS_MS)
    return () => window.clearTimeout(timer)
  }, [thanksAt])

  const fieldId = (name: string) => `${id}-${name}`
  const input = (form: HTMLFormElement) => ({
    ...values,
    services,
    consent,
    subject: ENQUIRY_SUBJECT,
    [HONEYPOT_FIELD]: (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '',
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!schema && !schemaUnavailable) {
      // Sent before the schema arrived: sent again once it is here (or known unavailable).
      event.preventDefault()
      const form = event.currentTarget
      void loadSchema().then(() => form.requestSubmit())
      return
    }
    fillContext(event.currentTarget)
    const found = validate(input(event.currentTarget))
    setErrors(found)
    const first = [...TEXT_FIELDS, 'services' as const, 'consent' as const].find((name) => found[name])
    if (!first) {
      setFailed(false)
      setThanksAt(null)
      return
    }
    event.preventDefault()
    const target =
      first === 'services'
        ? formRef.current?.querySelector<HTMLInputElement>('input[name="services"]')
        : document.getElementById(fieldId(first))
    target?.focus()
  }

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as TextField
    const value = event.target.value
    const next = { ...values, [name]: value }
    // From the state as it is, not as this render saw it: an update still waiting is kept.
    setValues((current) => ({ ...current, [name]: value }))
    // A shown error goes as soon as the field is right.
    if (errors[name] && schema) {
      const still = validate({ ...next, services, consent, subject: ENQUIRY_SUBJECT })[name]
      setErrors((current) => ({ ...current, [name]: still }))
    }
  }

  const toggleService = (service: string, checked: boolean) =>
    setServices((current) =>
      checked ? [...current.filter((s) => s !== service), service] : current.filter((s) => s !== service),
    )

  const field = (name: TextField, label: string, props: Record<string, unknown> = {}) => {
    const error = errors[name]
    const errorId = `${fieldId(name)}-error`
    const common = {
      id: fieldId(name),
      name,
      value: values[name],
      onChange,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      ...props,
    }
    return (
      <div className={`contact-field contact-field--${name}${error ? ' has-error' : ''}`}>
        <label htmlFor={fieldId(name)} className="contact-field__label">
          {label}
        </label>
        {name === 'message' ? <textarea rows={5} {...common} /> : <input {...common} />}
        {error && (
          <p className="contact-field__error" id={errorId}>
            {t(error)}
          </p>
        )}
      </div>
    )
  }

  return (
    <Form method="post" className="contact-form" ref={formRef} onSubmit={onSubmit} onFocus={() => void loadSchema()}>
      <input type="hidden" name="subject" value={ENQUIRY_SUBJECT} />
      <input type="hidden" name="language" value={lang} />
      {projectSlug && <input type="hidden" name="project" value={projectSlug} />}
      {/* Filled when the form is sent (fillContext): this page's address, the landing page's campaign. */}
      <input type="hidden" name="pageUrl" defaultValue="" />
      {CAMPAIGN_PARAMS.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" />
      ))}
      <div className="contact-form__grid">
        {field('fname', t('First name'), { autoComplete: 'given-name', maxLength: 100 })}
        {field('lname', t('Last name'), { autoComplete: 'family-name', maxLength: 100 })}
        {field('email', t('E-mail'), { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
        {field('phone', t('Phone'), { type: 'tel', autoComplete: 'tel', maxLength: 40 })}
      </div>

      <fieldset
        className={`contact-services${errors.services ? ' has-error' : ''}`}
        aria-describedby={errors.services ? `${fieldId('services')}-error` : undefined}
      >
        <legend className="contact-field__label">{t('Which services are you interested in?')}</legend>
        <div className="contact-services__options">
          {ENQUIRY_SERVICES.map((service) => (
            <label key={service} className="contact-check">
              <input
                type="checkbox"
                name="services"
                value={service}
                checked={services.includes(service)}
                onChange={(event) => toggleService(service, event.target.checked)}
              />
              <span className="contact-check__box" aria-hidden="true" />
              <span>{t(service)}</span>
            </label>
          ))}
        </div>
        {errors.services && (
          <p className="contact-field__error" id={`${fieldId('services')}-error`}>
            {t(errors.services)}
          </p>
        )}
      </fieldset>

      {field('message', t('Message'), { maxLength: 5000 })}

      <PrivacyNotice t={t} privacyHref={privacyHref} />
      <ConsentCheck
        id={fieldId('consent')}
        t={t}
        checked={consent}
        error={errors.consent}
        onChange={(checked) => {
          setConsent(checked)
          if (checked) setErrors((current) => ({ ...current, consent: undefined }))
        }}
      />

      {/* People never see or reach this field; bots fill it in, and their enquiry is dropped. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>Website</label>
        <input
          id={fieldId(HONEYPOT_FIELD)}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="contact-form__footer">
        <button
          type="submit"
          className="button contact-form__submit"
          disabled={sending}
          aria-disabled={sending || undefined}
        >
          {sending ? t('Sending...') : t('Send')}
        </button>
        <div className="contact-form__messages">
          <p role="status" className={`form-message form-message--success${thanksAt !== null ? ' is-visible' : ''}`}>
            {thanksAt !== null ? t('Thank you! We will contact you shortly.') : ''}
          </p>
          <div role="alert" className={`form-message form-message--error${failed ? ' is-visible' : ''}`}>
            {failed ? t(SEND_FAILED) : ''}
          </div>
        </div>
      </div>
    </Form>
  )
}

/** The context the server cannot see itself: the page's full address and the landing page's campaign. */
function fillContext(form: HTMLFormElement) {
  const set = (name: string, value: string) => {
    const input = form.elements.namedItem(name)
    if (input instanceof HTMLInputElement) input.value = value
  }
  set('pageUrl', window.location.href)
  const campaign = landingCampaign()
  for (const name of CAMPAIGN_PARAMS) set(name, campaign[name] ?? '')
}

function pickValues(values: Partial<Values> | undefined): Partial<Values> {
  const picked: Partial<Values> = {}
  for (const name of TEXT_FIELDS) if (typeof values?.[name] === 'string') picked[name] = values[name]
  return picked
}
