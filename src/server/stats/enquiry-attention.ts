import { count } from 'drizzle-orm'
import { enquiries } from '../db/schema.js'
import { imapState } from '../mail/imap-watcher.js'
import { followUpDue } from '../services/enquiries.js'
import { plural } from '../../shared/plural.js'
import type { AttentionCheck } from './attention-check.js'

/** Follow-ups whose time has come on enquiries still open (issue 42). */
export const followUpsDue: AttentionCheck = async (db) => {
  const [row] = await db.select({ n: count() }).from(enquiries).where(followUpDue())
  const n = row!.n
  return {
    kind: 'enquiry-follow-ups-due',
    count: n,
    label: `${plural(n, 'follow-up is', 'follow-ups are')} due`,
    href: '/admin/enquiries?followUp=due',
  }
}

/** The mailbox replies come back to (IMAP_URL) could not be reached at the last try. */
export const mailboxDown: AttentionCheck = async (db) => {
  const state = await imapState(db)
  const down = state?.state === 'down'
  return {
    kind: 'mailbox-unreachable',
    count: down ? 1 : 0,
    label: down
      ? `The mailbox for replies cannot be reached since ${state.since.slice(0, 16).replace('T', ' ')} UTC (${state.error ?? 'no answer'}); replies wait there`
      : 'The mailbox for replies is reachable',
    href: '/admin/enquiries',
  }
}
