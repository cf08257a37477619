import { useId } from 'react'
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from '../../../shared/schemas/password.schema.js'
import { AdminForm, Field } from '../kit/admin-form.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'

const PASSWORD_CHANGED = 'Password changed. Your other sessions have ended; this one stays signed in.'

/** Change the password: the same rules as the server (one schema); every other session ends. */
export function AccountPassword({ username, onChanged }: { username: string; onChanged: () => void }) {
  const id = useId()
  const submit = useSubmit(serverMessageOr('Failed to change the password'))

  function change(data: FormData) {
    const input = submit.check(changePasswordSchema(username), data)
    if (!input) return
    if (data.get('confirmPassword') !== input.newPassword)
      return submit.fail('The new passwords do not match', 'confirmPassword')
    return submit.send(
      '/change-password',
      { method: 'POST', json: input },
      {
        saved: () => {
          submit.formRef.current?.reset()
          onChanged()
          return PASSWORD_CHANGED
        },
      },
    )
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Change password</h2>
      <AdminForm submit={submit} submitLabel="Change password" onSubmit={change} className="admin-form">
        <Field submit={submit} name="currentPassword" label="Current password">
          {(control) => <input {...control} type="password" autoComplete="current-password" required />}
        </Field>
        <Field
          submit={submit}
          name="newPassword"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password, and without your user name or the company name. A few unrelated words make a good one.`}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={200}
            />
          )}
        </Field>
        <Field submit={submit} name="confirmPassword" label="Confirm new password">
          {(control) => <input {...control} type="password" autoComplete="new-password" required />}
        </Field>
      </AdminForm>
    </section>
  )
}
