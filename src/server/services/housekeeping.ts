import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { pruneAuditLog } from './audit-retention.js'
import { purgeEnquiriesOlderThan } from './enquiries.js'
import type { RateLimits } from './rate-limits.js'
import { sweepExpiredSessions } from './sessions.js'
import { pruneVisits } from '../stats/visit-prune.js'

const SWEEP_EVERY_MS = 10 * 60 * 1000

/**
 * Deletes what has expired: sessions, sign-in challenges, rate limit counters, and enquiries past
 * ENQUIRY_RETENTION_MONTHS (when set), visit counts past STATS_RETENTION_MONTHS and audit entries past
 * AUDIT_RETENTION_MONTHS. Every instance runs it; the deletes are idempotent, so
 * several at once do no harm.
 */
export function createHousekeeping(options: {
  db: Db
  limits: RateLimits
  log: FastifyBaseLogger
  everyMs?: number
  /** Unset or 0: enquiries are kept. */
  enquiryRetentionMonths?: number
  /** Visit counts older than this are deleted (STATS_RETENTION_MONTHS). */
  statsRetentionMonths?: number
  /** AUDIT_RETENTION_MONTHS; unset keeps every entry. */
  auditRetentionMonths?: number
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function sweep() {
    const sessions = await sweepExpiredSessions(options.db)
    const counters = await options.limits.sweep()
    if (sessions || counters) options.log.debug({ sessions, counters }, 'swept expired rows')
    const months = options.enquiryRetentionMonths
    if (months) {
      const purged = await purgeEnquiriesOlderThan(options.db, months)
      // A count only: nothing of what the visitors wrote.
      if (purged) options.log.info({ purged, months }, 'deleted enquiries past their retention')
    }
    if (options.statsRetentionMonths) {
      const rows = await pruneVisits(options.db, options.statsRetentionMonths)
      if (rows)
        options.log.info({ rows, months: options.statsRetentionMonths }, 'deleted visit counts past their retention')
    }
    if (options.auditRetentionMonths) {
      const pruned = await pruneAuditLog(options.db, options.auditRetentionMonths)
      if (pruned)
        options.log.info({ pruned, months: options.auditRetentionMonths }, 'pruned audit entries past their retention')
    }
  }

  const tick = () => {
    running = sweep()
      .catch((error: unknown) => options.log.warn({ err: error }, 'sweeping expired rows failed'))
      .finally(() => (running = undefined))
  }

  return {
    sweep,
    start() {
      tick()
      timer = setInterval(tick, options.everyMs ?? SWEEP_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
export type Housekeeping = ReturnType<typeof createHousekeeping>
