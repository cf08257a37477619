import { Link } from 'react-router'
import {
  CONSENT_LABEL,
  PRIVACY_NOTICE_LINK,
  PRIVACY_NOTICE_ROWS,
  PRIVACY_NOTICE_TITLE,
} from '../../shared/privacy-policy.js'
import type { Translate } from '../lib/page-text.js'

/**
 * The first layer of information the AEPD expects next to a form that collects personal data:
 * who is responsible, the purpose, the legal basis, who receives the data, the rights, and a link
 * to the full policy (the second layer).
 */
export function PrivacyNotice({ t, privacyHref }: { t: Translate; privacyHref: string }) {
  return (
    <section className="privacy-notice" aria-label={t(PRIVACY_NOTICE_TITLE)}>
      <p className="privacy-notice__title">{t(PRIVACY_NOTICE_TITLE)}</p>
      <dl className="privacy-notice__rows">
        {PRIVACY_NOTICE_ROWS.map(([label, text]) => (
          <div key={label} className="privacy-notice__row">
            <dt>{t(label)}</dt>
            <dd>{t(text)}</dd>
          </div>
        ))}
      </dl>
      <p className="privacy-notice__more">
        <Link to={privacyHref}>{t(PRIVACY_NOTICE_LINK)}</Link>
      </p>
    </section>
  )
}

/** The consent box: unticked until the visitor ticks it, its error (translated) beside it. */
export function ConsentCheck({
  id,
  t,
  defaultChecked,
  error,
}: {
  id: string
  t: Translate
  defaultChecked: boolean
  /** Already translated. */
  error: string | undefined
}) {
  const errorId = `${id}-error`
  return (
    <div className={`contact-consent${error ? ' has-error' : ''}`}>
      <label className="contact-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="consent"
          value="true"
          required
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span className="contact-check__box" aria-hidden="true" />
        <span>{t(CONSENT_LABEL)}</span>
      </label>
      {error && (
        <p className="contact-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
