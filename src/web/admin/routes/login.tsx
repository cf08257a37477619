import { useState, type FormEvent } from 'react'
import { redirect, useNavigate, type MetaFunction } from 'react-router'
import { loginSchema } from '../../../shared/schemas/auth.schema.js'
import { api, messageOf } from '../lib/api.js'
import { getToken, setToken } from '../lib/auth.js'
import '../admin.css'

export const meta: MetaFunction = () => [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/** SPEC 2: /admin/login goes to the dashboard when already signed in. */
export async function clientLoader() {
  if (getToken()) throw redirect('/admin/dashboard')
  return null
}

export function HydrateFallback() {
  return <p className="admin-loading">Loading...</p>
}

export default function Login() {
  const navigate = useNavigate()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = Object.fromEntries(new FormData(event.currentTarget))
    const parsed = loginSchema.safeParse(data)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Login failed')
    setBusy(true)
    setError('')
    try {
      const { token } = await api<{ token: string }>('/login', { method: 'POST', json: parsed.data })
      setToken(token)
      navigate('/admin/dashboard')
    } catch (e) {
      setError(messageOf(e, 'Login failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="admin-login" id="main">
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        <label>
          Username
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-button" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  )
}
