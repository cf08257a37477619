import { and, asc, eq, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Db } from '../db/client.js'
import { enquiries } from '../db/schema.js'
import { enquiryMail } from './enquiry-mail.js'

export interface OutboxOptions {
  db: Db
  log: FastifyBaseLogger
  smtpUrl?: string
  from: string
  to: string
  /** First retry delay; doubles per failure up to maxDelayMs. */
  retryBaseMs?: number
  maxDelayMs?: number
}

export interface Outbox {
  /** Delivers what is due now (call after storing an enquiry). */
  wake(): void
  start(): void
  stop(): Promise<void>
}

/**
 * Delivers stored enquiries by e-mail. The enquiries table is the outbox: a row stays
 * 'pending' until the SMTP server has accepted it, across failures and restarts.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, log, from, to } = options
  const retryBaseMs = options.retryBaseMs ?? 30_000
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null

  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = true
  let catchUp = transport !== null

  async function deliverDue() {
    while (!stopped) {
      const [due] = await db
        .select()
        .from(enquiries)
        .where(and(eq(enquiries.deliveryStatus, 'pending'), lte(enquiries.nextAttemptAt, new Date())))
        .orderBy(asc(enquiries.nextAttemptAt))
        .limit(1)
      if (!due) return
      if (!transport) {
        log.info({ enquiry: due.id, email: due.email }, 'enquiry stored; SMTP_URL is not set, so it is not mailed')
        // Look again after a while: the enquiry stays pending and is mailed once SMTP is configured.
        await db
          .update(enquiries)
          .set({ nextAttemptAt: new Date(Date.now() + maxDelayMs) })
          .where(eq(enquiries.id, due.id))
        continue
      }
      try {
        await transport.sendMail(enquiryMail(due, from, to))
        await db
          .update(enquiries)
          .set({
            deliveryStatus: 'sent',
            deliveredAt: new Date(),
            deliveryAttempts: due.deliveryAttempts + 1,
            lastError: null,
          })
          .where(eq(enquiries.id, due.id))
        log.info({ enquiry: due.id }, 'enquiry mailed')
      } catch (error) {
        const attempts = due.deliveryAttempts + 1
        const delay = Math.min(retryBaseMs * 2 ** (attempts - 1), maxDelayMs)
        await db
          .update(enquiries)
          .set({
            deliveryAttempts: attempts,
            lastError: String((error as Error).message ?? error).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + delay),
          })
          .where(eq(enquiries.id, due.id))
        log.warn({ enquiry: due.id, attempts, retryInMs: delay, err: error }, 'enquiry mail failed; will retry')
      }
    }
  }

  async function scheduleNext() {
    clearTimeout(timer)
    if (stopped) return
    const [next] = await db
      .select({ at: enquiries.nextAttemptAt })
      .from(enquiries)
      .where(eq(enquiries.deliveryStatus, 'pending'))
      .orderBy(asc(enquiries.nextAttemptAt))
      .limit(1)
    if (!next) return
    timer = setTimeout(wake, Math.max(0, next.at.getTime() - Date.now()))
    timer.unref()
  }

  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      if (catchUp) {
        catchUp = false
        // Enquiries stored while SMTP_URL was unset were put off by maxDelayMs; now there is a
        // transport, they are due (rows that have failed keep their backoff).
        await db
          .update(enquiries)
          .set({ nextAttemptAt: new Date() })
          .where(and(eq(enquiries.deliveryStatus, 'pending'), eq(enquiries.deliveryAttempts, 0)))
          .catch((error) => log.error(error, 'outbox catch-up failed'))
      }
      do {
        again = false
        await deliverDue().catch((error) => log.error(error, 'outbox run failed'))
      } while (again && !stopped)
      await scheduleNext().catch((error) => log.error(error, 'outbox scheduling failed'))
      running = undefined
    })()
  }

  return {
    wake,
    start() {
      stopped = false
      wake()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      transport?.close()
    },
  }
}
