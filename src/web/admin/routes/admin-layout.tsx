import { Outlet, redirect, useNavigate, type MetaFunction } from 'react-router'
import { AdminNav } from '../components/admin-nav.js'
import { api } from '../lib/api.js'
import { ACCOUNT_PATH, clearToken, getToken, LOGIN_PATH, mustChangePassword } from '../lib/auth.js'
import { readMe } from '../lib/me.js'
import '../admin-screens.css'

// SPEC 2: admin pages are titled 'Dashboard'; the back office is never indexed.
export const meta: MetaFunction = () => [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/**
 * Every admin screen needs the stored token (SPEC 4); the server checks it on each call. While a
 * generated password waits to be changed, only the Account screen opens (the server agrees: 403).
 */
export async function clientLoader({ request }: { request: Request }) {
  if (!getToken()) throw redirect(LOGIN_PATH)
  const onAccount = new URL(request.url).pathname === ACCOUNT_PATH
  if (mustChangePassword() && !onAccount) throw redirect(ACCOUNT_PATH)
  // Who is signed in and what they may do: the nav and the screens show only that (issue 23).
  const me = await readMe(true)
  if (me && (me.mustChangePassword || me.mustEnableTwoFactor) && !onAccount) throw redirect(ACCOUNT_PATH)
  return { me }
}

// The account is read again only after a sign-in or a change made on Account.
export const shouldRevalidate = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname === ACCOUNT_PATH || nextUrl.pathname === ACCOUNT_PATH

// The only one the admin needs: on a first load this layout's loader runs before any screen's,
// so React Router shows this fallback for every admin screen.
export function HydrateFallback() {
  return <p className="admin-loading">Loading...</p>
}

export default function AdminLayout() {
  const navigate = useNavigate()

  async function logout() {
    // Revoke the token on the server too; the local sign-out happens whatever it answers.
    await api('/logout', { method: 'POST' }).catch(() => {})
    clearToken()
    navigate(LOGIN_PATH)
  }

  return (
    <div className="admin">
      <header className="admin-bar">
        <AdminNav onLogout={logout} />
      </header>
      <main className="admin-main" id="main">
        <button type="button" className="admin-back" onClick={() => navigate(-1)}>
          Go Back
        </button>
        <Outlet />
      </main>
    </div>
  )
}
