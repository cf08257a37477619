import { useId } from 'react'
import { CAMPAIGN_PARAMS, ENQUIRY_SERVICES, ENQUIRY_SUBJECT, HONEYPOT_FIELD } from '../../shared/constants.js'
import { CONSENT_WORDING_KEYS } from '../../shared/privacy-policy.js'
import { textKey } from '../../shared/translate.js'
import { FORM_MESSAGES, SEND_FAILED, SENDING, THANKS } from '../lib/enquiry-form-text.js'
import type { Translate } from '../lib/page-text.js'
import { useBehaviour } from '../lib/use-behaviour.js'
import { ConsentCheck, PrivacyNotice } from './privacy-notice.js'

type TextField = 'fname' | 'lname' | 'email' | 'phone' | 'message'
type Values = Record<TextField, string>

/** What the pages' action answers a form posted without JavaScript (the page's action data). */
export type EnquiryActionResult =
  | { ok: true }
  | {
      ok: false
      message: string
      field?: string
      values?: Partial<Values> & { services?: string[]; consent?: boolean }
    }

/** Every string the form shows, the messages its behaviour may show included (page-text.ts). */
export const CONTACT_FORM_TEXT = [
  'First name',
  'Last name',
  'E-mail',
  'Phone',
  'Message',
  'Which services are you interested in?',
  ...ENQUIRY_SERVICES,
  'Send',
  ...CONSENT_WORDING_KEYS,
  ...FORM_MESSAGES,
]

interface ContactFormProps {
  t: Translate
  /** The answer to a form posted without JavaScript, if any. */
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

/**
 * SPEC 5: the enquiry form, as the server renders it: a plain form that posts to the page's
 * action without JavaScript, showing that action's answer. Its behaviour (behaviours/enquiry-form.ts)
 * checks it with the shared schema, sends it, and shows what happened, on a page that starts no
 * framework as on one React renders (decision 123). Success clears the fields (the subject is
 * fixed) and thanks the visitor for 5 s; a failure keeps what was typed and says so (decision 008).
 */
export function ContactForm({ t, result, lang, projectSlug, initialMessage = '', privacyHref }: ContactFormProps) {
  const id = useId()
  const behaviour = useBehaviour<HTMLFormElement>('enquiry-form')
  const failed = result && !result.ok ? result : undefined
  const values: Values = { fname: '', lname: '', email: '', phone: '', message: initialMessage, ...failed?.values }
  const fieldError = (name: string) => (failed?.field === name ? t(failed.message) : undefined)
  const fieldId = (name: string) => `${id}-${name}`
  // The strings the behaviour may show, in the page's language, under their text keys (only those
  // that differ from the English source, which the behaviour falls back to).
  const messages = Object.fromEntries(
    FORM_MESSAGES.flatMap((source) => (t(source) === source ? [] : [[textKey(source), t(source)]])),
  )

  const field = (name: TextField, label: string, props: Record<string, unknown> = {}) => {
    const error = fieldError(name)
    const errorId = `${fieldId(name)}-error`
    const common = {
      id: fieldId(name),
      name,
      defaultValue: values[name],
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
            {error}
          </p>
        )}
      </div>
    )
  }

  const servicesError = fieldError('services')
  return (
    <form method="post" className="contact-form" data-initial-message={initialMessage} {...behaviour}>
      <input type="hidden" name="subject" value={ENQUIRY_SUBJECT} />
      <input type="hidden" name="language" value={lang} />
      {projectSlug && <input type="hidden" name="project" value={projectSlug} />}
      {/* Filled when the form is sent (the behaviour): this page's address, the landing page's campaign. */}
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
        id={fieldId('services')}
        className={`contact-services${servicesError ? ' has-error' : ''}`}
        aria-describedby={servicesError ? `${fieldId('services')}-error` : undefined}
      >
        <legend className="contact-field__label">{t('Which services are you interested in?')}</legend>
        <div className="contact-services__options">
          {ENQUIRY_SERVICES.map((service) => (
            <label key={service} className="contact-check">
              <input
                type="checkbox"
                name="services"
                value={service}
                defaultChecked={failed?.values?.services?.includes(service)}
              />
              <span className="contact-check__box" aria-hidden="true" />
              <span>{t(service)}</span>
            </label>
          ))}
        </div>
        {servicesError && (
          <p className="contact-field__error" id={`${fieldId('services')}-error`}>
            {servicesError}
          </p>
        )}
      </fieldset>

      {field('message', t('Message'), { maxLength: 5000 })}

      <PrivacyNotice t={t} privacyHref={privacyHref} />
      {/* SPEC-free, AEPD: unticked until the visitor ticks it; kept when a send failed. */}
      <ConsentCheck
        id={fieldId('consent')}
        t={t}
        defaultChecked={failed?.values?.consent === true}
        error={fieldError('consent')}
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

      <div className="cluster contact-form__footer">
        <button type="submit" className="button contact-form__submit" data-sending-label={t(SENDING)}>
          {t('Send')}
        </button>
        <div className="contact-form__messages">
          <p role="status" className={`form-message form-message--success${result?.ok ? ' is-visible' : ''}`}>
            {result?.ok ? t(THANKS) : ''}
          </p>
          <div role="alert" className={`form-message form-message--error${failed ? ' is-visible' : ''}`}>
            {failed ? t(SEND_FAILED) : ''}
          </div>
        </div>
      </div>
      <script
        type="application/json"
        className="contact-form__text"
        // Data, not script; `<` is escaped so no text can close the element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(messages).replace(/</g, '\\u003c') }}
      />
    </form>
  )
}
