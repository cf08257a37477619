import { useState, type FormEvent } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from 'react-router'
import { ROLE_LABELS, type Role } from '../../../shared/schemas/team.schema.js'
import { api, messageOf } from '../lib/api.js'
import { LOGIN_PATH } from '../lib/auth.js'
import '../admin.css'
import '../account-screens.css'

export const meta: MetaFunction = () => [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

interface Invitation {
  username: string
  email: string
  role: Role
  languages: string[]
  expiresAt: string
}

/** Public: the link from the invitation mail. The invitation is read first, so a bad link says so at once. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    return { token, invitation: await api<Invitation>(`/invitation?token=${encodeURIComponent(token)}`), error: null }
  } catch (error) {
    return {
      token,
      invitation: null,
      error: messageOf(error, 'This invitation cannot be read right now. Please try again.'),
    }
  }
}

export function HydrateFallback() {
  return <p className="admin-loading">Loading...</p>
}

/** Set a password (the password rules apply on the server), then sign in. */
export default function AcceptInvitation() {
  const { token, invitation, error: loadError } = useLoaderData<typeof clientLoader>()
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const password = String(data.get('password') ?? '')
    if (password !== data.get('confirm')) return setError('The two passwords are not the same')
    setBusy(true)
    setError('')
    try {
      const answer = await api<{ message: string }>('/accept-invitation', { method: 'POST', json: { token, password } })
      setDone(answer.message)
    } catch (e) {
      setError(messageOf(e, 'Your account could not be made. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="admin-login" id="main">
      <div className="admin-card admin-form">
        <h1>Accept your invitation</h1>
        {loadError && (
          <p className="admin-error" role="alert">
            {loadError}
          </p>
        )}
        {done && (
          <>
            <p role="status">{done}</p>
            <Link className="admin-button" to={LOGIN_PATH}>
              Sign in
            </Link>
          </>
        )}
        {invitation && !done && (
          <form onSubmit={accept} noValidate className="admin-form">
            <p>
              You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong>
              {invitation.languages.length > 0 && <> for {invitation.languages.join(', ')}</>}. Your user name is{' '}
              <strong>{invitation.username}</strong>.
            </p>
            <input type="hidden" name="username" autoComplete="username" value={invitation.username} />
            <label>
              Password
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby="password-hint"
              />
            </label>
            <p id="password-hint" className="admin-login-hint">
              At least 12 characters, not a common password; a few unrelated words work well.
            </p>
            <label>
              Confirm password
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
            {error && (
              <p className="admin-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="admin-button" disabled={busy}>
              Set password
            </button>
          </form>
        )}
      </div>
    </main>
  )
}
