import { HttpError } from '../errors.js'
import type { RateLimits } from './rate-limits.js'

export interface LoginThrottleOptions {
  /** Attempts for one user name from one address before each further one waits. */
  freeFailures: number
  /** The first wait; every further failure doubles it, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** A user name and address pair is forgotten this long after its last failure. */
  forgetAfterMs: number
  /** Failures for one user name, from all addresses together, in userWindowMs… */
  userMaxFailures: number
  userWindowMs: number
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  freeFailures: 3,
  baseDelayMs: 2000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
  userMaxFailures: 20,
  userWindowMs: 60 * 60 * 1000,
}

/** How an attempt ended: `pending` is a right password still waiting for its second factor. */
export type AttemptOutcome = 'success' | 'failure' | 'pending'

const normalise = (username: string) => encodeURIComponent(username.trim().toLowerCase())
const pairPrefix = (username: string) => `login:pair:${normalise(username)}:`
const userKey = (username: string) => `login:user:${normalise(username)}`

export function tooManyAttempts(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  const minutes = Math.ceil(seconds / 60)
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`
  return new HttpError(429, `Too many failed sign-in attempts. Try again in ${wait}.`, undefined, {
    'retry-after': String(seconds),
  })
}

/**
 * Stops password guessing without locking the owner out (decision 030):
 * - per user name and address, every attempt counts until one succeeds; after the free ones
 *   each further attempt from there waits twice as long as the one before;
 * - per user name, failures from every address add up; past the limit only an address with no
 *   failures for that name may still try, so a guesser spread over many addresses gets one guess
 *   per address per window while the owner, from a clean address, still gets in.
 * Attempts are counted before the password is checked, so parallel guesses cannot slip past.
 */
export function createLoginThrottle(limits: RateLimits, options: LoginThrottleOptions) {
  const backoff = { freeHits: options.freeFailures, baseMs: options.baseDelayMs, maxMs: options.maxDelayMs }

  return {
    /** Throws 429 while this user name may not be tried from this address; else reports the outcome. */
    async begin(username: string, ip: string): Promise<(outcome: AttemptOutcome) => Promise<void>> {
      const pair = `${pairPrefix(username)}${ip}`
      const user = await limits.peek(userKey(username))
      const attempt = await limits.hit(pair, { windowMs: options.forgetAfterMs, sliding: true, backoff })
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterMs)
      if (user && user.hits >= options.userMaxFailures && attempt.hits > 1) {
        throw tooManyAttempts(user.resetsAt.getTime() - Date.now())
      }
      return async (outcome) => {
        if (outcome === 'success') await limits.reset(pair)
        if (outcome === 'failure') await limits.hit(userKey(username), { windowMs: options.userWindowMs })
      }
    },
  }
}

/** Forgets every sign-in failure for this user name (an operator reset the account). */
export async function clearLoginFailures(limits: RateLimits, username: string): Promise<void> {
  await limits.resetPrefix(pairPrefix(username))
  await limits.reset(userKey(username))
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>
