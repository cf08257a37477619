import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { confirmPasswordSchema, enableTwoFactorSchema } from '../../../shared/schemas/auth.schema.js'
import type { AccountSummary, TwoFactorSetup } from '../../../shared/types.js'
import { AdminForm, Field } from '../kit/admin-form.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { formatDateTime } from './enquiry-format.js'
import { RecoveryCodes } from './recovery-codes.js'
import { StatusMessage } from './status-message.js'

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] }

/** "ABCD EFGH …": the key is easier to type in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

const passwordInput = (control: object) => (
  <input {...control} type="password" autoComplete="current-password" required />
)

/**
 * Two-factor sign-in: set up with a QR code or the typed key, confirmed by a first code and the
 * password; the recovery codes are shown once. When on: new recovery codes, or turn it off.
 */
export function AccountTwoFactor({
  twoFactor,
  onChanged,
}: {
  twoFactor: AccountSummary['twoFactor']
  onChanged: () => void
}) {
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const submit = useSubmit(serverMessageOr('Failed to change two-factor sign-in'))

  // Each new stage replaces the section's content: the keyboard focus goes to its heading.
  useEffect(() => {
    if (stage.kind !== 'idle') headingRef.current?.focus()
  }, [stage.kind])

  const showCodes = async (path: string, json: unknown, message: string) => {
    const { recoveryCodes } = await api<{ recoveryCodes: string[] }>(path, { method: 'POST', json })
    setStage({ kind: 'codes', codes: recoveryCodes })
    return message
  }

  const startSetup = () =>
    submit.run(async () => {
      setStage({ kind: 'setup', setup: await api<TwoFactorSetup>('/setup-two-factor', { method: 'POST' }) })
    })

  function enable(data: FormData) {
    const input = submit.check(enableTwoFactorSchema, data)
    if (input)
      return submit.run(() =>
        showCodes('/enable-two-factor', input, 'Two-factor sign-in is on. Your other sessions have ended.'),
      )
  }

  function manage(data: FormData) {
    const input = submit.check(confirmPasswordSchema, data)
    if (!input) return
    if (data.get('action') === 'disable') {
      return submit.run(async () => {
        await api('/disable-two-factor', { method: 'POST', json: input })
        submit.formRef.current?.reset()
        onChanged()
        return 'Two-factor sign-in is off.'
      })
    }
    return submit.run(() =>
      showCodes('/new-recovery-codes', input, 'New recovery codes made; the old ones no longer work.'),
    )
  }

  const heading = (
    <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
      Two-factor sign-in
    </h2>
  )
  const card = (children: ReactNode) => (
    <section className="admin-card admin-account-card" aria-labelledby={`${id}-heading`}>
      {heading}
      {children}
    </section>
  )

  if (stage.kind === 'codes') {
    return card(
      <>
        <StatusMessage status={submit.status} />
        <RecoveryCodes
          codes={stage.codes}
          onDone={() => {
            setStage({ kind: 'idle' })
            submit.setStatus(null)
            onChanged()
          }}
        />
      </>,
    )
  }

  if (stage.kind === 'setup') {
    const { setup } = stage
    return card(
      <>
        <ol className="admin-totp-steps">
          <li>
            Scan this QR code with an authenticator app on your phone (for example Google Authenticator, Microsoft
            Authenticator, 1Password or Aegis).
            <img className="admin-totp-qr" src={setup.qrCode} alt="QR code for two-factor sign-in" />
          </li>
          <li>
            Or type this key into the app:
            <br />
            <code className="admin-totp-key">{grouped(setup.secret)}</code>
          </li>
          <li>Enter the 6-digit code the app shows, and your password.</li>
        </ol>
        <AdminForm
          submit={submit}
          submitLabel="Turn on two-factor sign-in"
          onSubmit={enable}
          className="admin-form"
          footer={
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() => {
                setStage({ kind: 'idle' })
                submit.clear()
              }}
            >
              Cancel
            </button>
          }
        >
          <Field submit={submit} name="code" label="Code from the app">
            {(control) => (
              <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required />
            )}
          </Field>
          <Field submit={submit} name="password" label="Your password">
            {passwordInput}
          </Field>
        </AdminForm>
      </>,
    )
  }

  if (!twoFactor.enabled) {
    return card(
      <>
        <p className="admin-account-state">
          <strong>Off.</strong> With two-factor sign-in on, signing in also asks for a 6-digit code from an app on your
          phone, so a stolen password alone opens nothing.
        </p>
        <StatusMessage status={submit.status} />
        <div className="admin-actions">
          <button type="button" className="admin-button" onClick={startSetup} disabled={submit.busy}>
            Set up two-factor sign-in
          </button>
        </div>
      </>,
    )
  }

  const left = twoFactor.recoveryCodesLeft
  return card(
    <>
      <p className="admin-account-state">
        <strong>On</strong>
        {twoFactor.enabledAt && <> since {formatDateTime(twoFactor.enabledAt)}</>}. {left} recovery code
        {left === 1 ? '' : 's'} left.
      </p>
      <AdminForm
        submit={submit}
        submitLabel="Make new recovery codes"
        submitAction={{ name: 'action', value: 'codes' }}
        onSubmit={manage}
        className="admin-form"
        footer={
          <button
            type="submit"
            name="action"
            value="disable"
            className="admin-button admin-button--danger"
            disabled={submit.busy}
          >
            Turn off two-factor sign-in
          </button>
        }
      >
        <Field
          submit={submit}
          name="password"
          label="Your password"
          hint="Needed to make new recovery codes or to turn two-factor sign-in off."
        >
          {passwordInput}
        </Field>
      </AdminForm>
    </>,
  )
}
