import { ACCOUNT_GATES } from '../../../shared/account-gates.js'
import { getToken, sendToAccount, signOutLocally } from './auth.js'

const BASE = '/api/admin'

/** An error answer of the API: its status, message and (for 400s) the field it is about. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  json?: unknown
  form?: FormData
  /** Upload progress from 0 to 1 (forms only). */
  onProgress?: (fraction: number) => void
}

// The sign-in calls answer 401 for a wrong password or code: that is not "signed out".
const SIGN_IN_PATHS = new Set(['/login', '/verify-login-code'])

/**
 * Calls the admin API with the stored token. A 401 signs the admin out (SPEC: any 401 logs out);
 * a 403 (a generated password must be changed first) goes to Account; other errors throw
 * ApiError with the server's message.
 */
export async function api<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  const { status, body } =
    options.onProgress && options.form ? await sendWithProgress(path, options) : await send(path, options)
  if (status === 401 && !SIGN_IN_PATHS.has(path)) {
    signOutLocally()
    throw new ApiError(401, (body as { message?: string } | null)?.message ?? 'Please sign in')
  }
  // Only the 403s that mean "Account first" lead there; a role's 403 is shown where it happened.
  if (status === 403 && ACCOUNT_GATES.includes((body as { message?: string } | null)?.message ?? '')) sendToAccount()
  if (status < 200 || status >= 300) {
    const error = body as { message?: string; field?: string } | null
    throw new ApiError(status, error?.message ?? `Request failed (${status})`, error?.field)
  }
  return body as T
}

function headers(options: CallOptions): Record<string, string> {
  const result: Record<string, string> = {}
  const token = getToken()
  if (token) result.authorization = `Bearer ${token}`
  if (options.json !== undefined) result['content-type'] = 'application/json'
  return result
}

async function send(path: string, options: CallOptions) {
  const response = await fetch(`${BASE}${path}`, {
    method: options.method ?? 'GET',
    headers: headers(options),
    body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
  })
  const text = await response.text()
  return { status: response.status, body: parse(text) }
}

// fetch() reports no upload progress; XMLHttpRequest does.
function sendWithProgress(path: string, options: CallOptions) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', `${BASE}${path}`)
    for (const [key, value] of Object.entries(headers(options))) xhr.setRequestHeader(key, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress!(event.loaded / event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) })
    xhr.onerror = () => reject(new ApiError(0, 'Network error: the server could not be reached'))
    xhr.send(options.form!)
  })
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text ? { message: text } : null
  }
}

/** The message to show for a failed call: the server's, or the screen's own fallback (SPEC 8). */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 && error.message ? error.message : fallback
