import { useId, useRef, useState, type FormEvent } from 'react'
import { changePasswordSchema } from '../../../shared/schemas/auth.schema.js'
import { fieldOf, focusField, StatusMessage, type Status } from '../components/status-message.js'
import { api, messageOf } from '../lib/api.js'
import '../styles-content.css'

/** Beyond the SPEC: change the admin password; every other session ends. */
export default function Account() {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [busy, setBusy] = useState(false)

  function fail(message: string, field?: string) {
    setStatus({ kind: 'error', message })
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = changePasswordSchema.safeParse({
      currentPassword: form.get('currentPassword'),
      newPassword: form.get('newPassword'),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail(issue?.message ?? 'Failed to change the password', issue?.path[0]?.toString())
    }
    if (form.get('confirmPassword') !== parsed.data.newPassword)
      return fail('The new passwords do not match', 'confirmPassword')
    setBusy(true)
    setStatus(null)
    setInvalidField(undefined)
    try {
      await api('/change-password', { method: 'POST', json: parsed.data })
      formRef.current?.reset()
      setStatus({
        kind: 'success',
        message: 'Password changed. Your other sessions have ended; this one stays signed in.',
      })
    } catch (error) {
      fail(messageOf(error, 'Failed to change the password'), fieldOf(error))
    } finally {
      setBusy(false)
    }
  }

  // A field at fault is marked invalid and described by the message under the form.
  const describe = (field: string, hint?: string) => {
    const ids = [hint, invalidField === field ? `${id}-status` : undefined].filter(Boolean).join(' ')
    return { 'aria-invalid': invalidField === field ? true : undefined, 'aria-describedby': ids || undefined }
  }

  return (
    <>
      <h1>Account</h1>
      <section className="admin-card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Change password</h2>
        <form ref={formRef} className="admin-form" onSubmit={submit} noValidate>
          <div className="admin-field">
            <label htmlFor={`${id}-current`}>Current password</label>
            <input
              id={`${id}-current`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              {...describe('currentPassword')}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-new`}>New password</label>
            <p id={`${id}-new-hint`} className="admin-hint">
              At least 12 characters.
            </p>
            <input
              id={`${id}-new`}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              maxLength={200}
              {...describe('newPassword', `${id}-new-hint`)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-confirm`}>Confirm new password</label>
            <input
              id={`${id}-confirm`}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              {...describe('confirmPassword')}
            />
          </div>
          <div id={`${id}-status`}>
            <StatusMessage status={status} />
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button" disabled={busy}>
              Change password
            </button>
          </div>
        </form>
      </section>
    </>
  )
}
