import { NavLink, Outlet, redirect, useNavigate, type MetaFunction } from 'react-router'
import { api } from '../lib/api.js'
import { ACCOUNT_PATH, clearToken, getToken, LOGIN_PATH, mustChangePassword } from '../lib/auth.js'
import '../admin-screens.css'

// SPEC 2: admin pages are titled 'Dashboard'; the back office is never indexed.
export const meta: MetaFunction = () => [{ title: 'Dashboard' }, { name: 'robots', content: 'noindex, nofollow' }]

/**
 * Every admin screen needs the stored token (SPEC 4); the server checks it on each call. While a
 * generated password waits to be changed, only the Account screen opens (the server agrees: 403).
 */
export async function clientLoader({ request }: { request: Request }) {
  if (!getToken()) throw redirect(LOGIN_PATH)
  if (mustChangePassword() && new URL(request.url).pathname !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH)
  return null
}

// The only one the admin needs: on a first load this layout's loader runs before any screen's,
// so React Router shows this fallback for every admin screen.
export function HydrateFallback() {
  return <p className="admin-loading">Loading...</p>
}

const LINKS = [
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/projects', 'Projects'],
  ['/admin/reviews', 'Reviews'],
  ['/admin/languages', 'Languages'],
  ['/admin/translations', 'Translations'],
  ['/admin/overview', 'Overview'],
  ['/admin/enquiries', 'Enquiries'],
  ['/admin/settings', 'Site settings'],
  ['/admin/redirects', 'Redirects'],
  ['/admin/account', 'Account'],
] as const

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
        <nav aria-label="Admin">
          <ul>
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="admin-button admin-button--quiet" onClick={logout}>
          Logout
        </button>
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
