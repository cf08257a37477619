import { HttpError } from '../../errors.js'

/** "25 Nov 2026, 14:30" (UTC), the admin's style for a moment. */
export function formatMoment(at: Date): string {
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' })
  return `${date}, ${time}`
}

/**
 * No lost update (issue 22, rule 7): a write that names the version it was based on is refused
 * when someone else changed the record since. Without a version the write goes through, as the
 * spec's calls always did.
 */
export function checkVersion(
  expected: number | undefined,
  current: { version: number; changedBy: string | null; changedAt: Date },
): void {
  if (expected === undefined || expected === current.version) return
  const who = current.changedBy ?? 'Someone'
  throw new HttpError(
    409,
    `${who} changed this on ${formatMoment(current.changedAt)}. Reload to see their changes; what you typed is kept here.`,
    'version',
  )
}
