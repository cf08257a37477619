// SPEC 4: the token lives in local storage; only its presence is checked on the client (the
// server checks it for real on every call, and any 401 signs the admin out).
const TOKEN_KEY = 'token'

export const getToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY))
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token)
export const clearToken = () => localStorage.removeItem(TOKEN_KEY)

export const LOGIN_PATH = '/admin/login'

/** After a 401: forget the token and go to the login screen. */
export function signOutLocally() {
  clearToken()
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH)
}
