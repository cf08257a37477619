import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/query-types.js'
import type { AdminRole } from '../db/schema.js'
import type { LoginThrottle } from './login-throttle.js'
import type { RateLimits } from './rate-limits.js'
import type { SecretBox } from './secret-box.js'

// What sign-in, the account and two-factor share: what they run on, who asks, and the session.
// Its own file, so that auth.ts, account.ts and two-factor.ts import it and not each other in a
// loop (decision 133).

/** What the sign-in and account operations need (built once in app.ts). */
export interface AuthDeps {
  db: Db
  throttle: LoginThrottle
  limits: RateLimits
  secrets: SecretBox
  log: FastifyBaseLogger
  /** Wrong current passwords in a row that end the session they were typed in. */
  reauthFailuresBeforeSignOut: number
}

/** Where a request comes from: shown in the session list, and the throttle's address. */
export interface Client {
  ip: string
  userAgent: string
}

export interface Session {
  sessionId: string
  adminId: string
  username: string
  mustChangePassword: boolean
  /** Who may do what (access-policy.ts). */
  role: AdminRole
  languages: string[]
  canPublish: boolean
  /** Two-factor sign-in is on for this account (an owner may require it of everyone). */
  twoFactor: boolean
}
