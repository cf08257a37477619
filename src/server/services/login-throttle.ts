import { HttpError } from '../errors.js'

export interface LoginThrottleOptions {
  /** Failed attempts (per username) before the account is locked. */
  maxFailures: number
  lockMs: number
}

/**
 * Counts failed logins per username in memory (one process holds the data folder's lock).
 * An attempt reserves its slot before the password is checked, so a burst of parallel guesses
 * cannot slip past the limit while the first ones are still being hashed.
 */
export function createLoginThrottle({ maxFailures, lockMs }: LoginThrottleOptions) {
  const entries = new Map<string, { failures: number; inFlight: number; lockedUntil: number }>()

  // Keeps memory bounded when someone sprays random usernames.
  function prune(now: number) {
    for (const [key, entry] of entries) {
      if (entry.inFlight === 0 && entry.lockedUntil <= now) entries.delete(key)
    }
  }

  return {
    /** Throws 429 while locked; otherwise returns a function to report the outcome. */
    begin(username: string): (succeeded: boolean) => void {
      const key = username.toLowerCase()
      const now = Date.now()
      if (entries.size > 10_000) prune(now)
      let entry = entries.get(key)
      if (entry && entry.lockedUntil && entry.lockedUntil <= now) {
        entry.failures = 0
        entry.lockedUntil = 0
      }
      entry ??= { failures: 0, inFlight: 0, lockedUntil: 0 }
      entries.set(key, entry)
      if (entry.lockedUntil > now || entry.failures + entry.inFlight >= maxFailures) {
        if (!entry.lockedUntil) entry.lockedUntil = now + lockMs
        const minutes = Math.ceil((entry.lockedUntil - now) / 60_000)
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        )
      }
      entry.inFlight++
      const current = entry
      return (succeeded) => {
        current.inFlight--
        if (succeeded) {
          entries.delete(key)
          return
        }
        current.failures++
        if (current.failures >= maxFailures) current.lockedUntil = Date.now() + lockMs
      }
    },
  }
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>
