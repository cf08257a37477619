import { useEffect, useRef, useState, type FormEvent } from 'react'
import { redirect, useNavigate, type MetaFunction } from 'react-router'
import { loginCodeSchema, loginSchema } from '../../../shared/schemas/auth.schema.js'
import { ApiError, api, messageOf } from '../lib/api.js'
import { ACCOUNT_PATH, getToken, setMustChangePassword, setToken } from '../lib/auth.js'
import '../admin.css'
import '../account-screens.css'
import { MESSAGES } from '../../../shared/messages.js'

export const meta: MetaFunction = () => [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/** SPEC 2: /admin/login goes to the dashboard when already signed in. */
export async function clientLoader() {
  if (getToken()) throw redirect('/admin/dashboard')
  return null
}

export function HydrateFallback() {
  return <p className="admin-loading">Loading...</p>
}

/** What POST /login and POST /verify-login-code answer (docs/api.md). */
interface SignInAnswer {
  token?: string
  mustChangePassword?: boolean
  /** Two-factor sign-in is on: the password was right, a code comes next. */
  challenge?: string
}

/**
 * SPEC: Username, Password, 'Sign in'. With two-factor sign-in on, the same card then asks for a
 * code from the authenticator app, or a recovery code.
 */
export default function Login() {
  const navigate = useNavigate()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [challenge, setChallenge] = useState<string | null>(null)
  const codeRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (challenge) codeRef.current?.focus()
  }, [challenge])

  function signedIn(answer: SignInAnswer) {
    setToken(answer.token!)
    setMustChangePassword(Boolean(answer.mustChangePassword))
    navigate(answer.mustChangePassword ? ACCOUNT_PATH : '/admin/dashboard')
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = loginSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MESSAGES.loginFailed)
    setBusy(true)
    setError('')
    try {
      const answer = await api<SignInAnswer>('/login', { method: 'POST', json: parsed.data })
      if (answer.challenge) setChallenge(answer.challenge)
      else signedIn(answer)
    } catch (e) {
      setError(messageOf(e, MESSAGES.loginFailed))
    } finally {
      setBusy(false)
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = loginCodeSchema.safeParse({ challenge, code: new FormData(event.currentTarget).get('code') })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MESSAGES.loginFailed)
    setBusy(true)
    setError('')
    try {
      signedIn(await api<SignInAnswer>('/verify-login-code', { method: 'POST', json: parsed.data }))
    } catch (e) {
      // Only a wrong code keeps this step; an expired sign-in starts again from the password.
      if (!(e instanceof ApiError && (e.field === 'code' || e.status === 429))) setChallenge(null)
      setError(messageOf(e, MESSAGES.loginFailed))
    } finally {
      setBusy(false)
    }
  }

  const errorMessage = error && (
    <p className="admin-error" role="alert">
      {error}
    </p>
  )

  if (challenge) {
    return (
      <main className="admin-login" id="main">
        {/* Its own key: React must not reuse the password input (and its value) for the code. */}
        <form key="code" className="admin-card admin-form" onSubmit={submitCode} noValidate>
          <h1>Sign in</h1>
          <p id="code-hint" className="admin-login-hint">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <label>
            Code
            <input
              ref={codeRef}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              required
              aria-describedby="code-hint"
            />
          </label>
          {errorMessage}
          <button type="submit" className="admin-button" disabled={busy}>
            Verify
          </button>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => {
              setChallenge(null)
              setError('')
            }}
          >
            Start again
          </button>
        </form>
      </main>
    )
  }

  return (
    <main className="admin-login" id="main">
      <form key="password" className="admin-card admin-form" onSubmit={submitPassword} noValidate>
        <h1>Sign in</h1>
        <label>
          Username
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {errorMessage}
        <button type="submit" className="admin-button" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  )
}
