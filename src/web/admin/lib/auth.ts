// SPEC 4: the token lives in local storage; only its presence is checked on the client (the
// server checks it for real on every call, and any 401 signs the admin out).
const TOKEN_KEY = 'token'
// Set while a generated password waits to be changed: the back office shows only Account.
const PASSWORD_CHANGE_KEY = 'mustChangePassword'

export const getToken = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY))
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token)
export const clearToken = () => {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(PASSWORD_CHANGE_KEY)
}

export const mustChangePassword = () =>
  typeof localStorage !== 'undefined' && localStorage.getItem(PASSWORD_CHANGE_KEY) === 'true'
export const setMustChangePassword = (value: boolean) =>
  value ? localStorage.setItem(PASSWORD_CHANGE_KEY, 'true') : localStorage.removeItem(PASSWORD_CHANGE_KEY)

export const LOGIN_PATH = '/admin/login'
export const ACCOUNT_PATH = '/admin/account'

/** After a 401: forget the token and go to the login screen. */
export function signOutLocally() {
  clearToken()
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH)
}

/** After a 403 (a generated password is still in use): only the Account screen works. */
export function sendToAccount() {
  setMustChangePassword(true)
  if (window.location.pathname !== ACCOUNT_PATH) window.location.assign(ACCOUNT_PATH)
}
