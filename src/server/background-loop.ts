import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Executor } from './db/client.js'
import { selectRows } from './db/select-rows.js'
import { singleFlight } from './single-flight.js'

/** A moment `ms` from now, by the database's clock (the one every instance's leases are read by). */
export const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`

export interface BackgroundLoopOptions {
  /** Names the loop in the error log: "<name> run failed". */
  name: string
  log: Pick<FastifyBaseLogger, 'error'>
  /** One run: does what is due, and stops early once `running()` answers false. */
  work: (running: () => boolean) => Promise<void>
  /** Milliseconds until the next thing falls due, or null when nothing is waiting. */
  nextInMs?: () => Promise<number | null>
  /** The longest wait between runs: what another instance added, or a lease a dead one left. */
  pollMs: number
}

/**
 * The shape of every worker each instance runs over shared rows (the outbox, IndexNow, the
 * publish scheduler, follow-up reminders, machine translation jobs): one run at a time, woken
 * when this instance adds work, and again when the next row falls due or after `pollMs`.
 */
export function backgroundLoop(options: BackgroundLoopOptions) {
  let timer: NodeJS.Timeout | undefined
  let stopped = true
  const running = () => !stopped

  const runner = singleFlight(() => options.work(running), {
    onError: (error) => options.log.error({ err: error }, `${options.name} run failed`),
    after: async () => {
      clearTimeout(timer)
      if (stopped) return
      const next = options.nextInMs ? await options.nextInMs() : null
      // 50 ms past the due time, so the row is due by the database's clock when looked at.
      timer = setTimeout(wake, next === null ? options.pollMs : Math.min(Math.max(0, next) + 50, options.pollMs))
      timer.unref()
    },
  })
  const wake = () => {
    if (!stopped) runner.wake()
  }
  return {
    wake,
    running,
    start() {
      stopped = false
      wake()
    },
    /** Starts no new run; answers once the one under way has ended. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      await runner.stop()
    },
  }
}

/**
 * Milliseconds until the earliest `due` of the rows `where` selects, on the database's clock (the
 * one every instance shares); a row held by a lease counts from when the lease runs out.
 */
export async function msUntilDue(
  db: Executor,
  rows: { table: SQLWrapper; due: SQLWrapper; leaseUntil: SQLWrapper; where: SQL | undefined },
): Promise<number | null> {
  const [next] = await selectRows<{ wait_ms: number | string | null }>(
    db,
    sql`select extract(epoch from min(greatest(${rows.due}, coalesce(${rows.leaseUntil}, ${rows.due}))) - now()) * 1000 as wait_ms
      from ${rows.table} where ${rows.where}`,
  )
  return next?.wait_ms == null ? null : Math.max(0, Number(next.wait_ms))
}

/** A table of rows workers claim: pending until done, held by one instance at a time. */
type LeasedTable = PgTable & { id: PgColumn; status: PgColumn; leaseUntil: PgColumn; leaseToken: PgColumn }

/**
 * Up to `limit` pending rows whose `due` time has come and that nobody holds, now held by this
 * instance for `leaseMs` under a new lease token (FOR UPDATE SKIP LOCKED: once across instances).
 */
export async function claimDueRows<T extends LeasedTable>(
  db: Db,
  table: T,
  options: { due: PgColumn; where?: SQL; limit: number; leaseMs: number },
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(
      and(
        eq(table.status, 'pending'),
        options.where,
        lte(options.due, sql`now()`),
        or(isNull(table.leaseUntil), lt(table.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(options.due))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(table as PgTable)
    .set({ leaseUntil: inMs(options.leaseMs), leaseToken: randomUUID() } as never)
    .where(inArray(table.id, due))
    .returning()
  return rows as T['$inferSelect'][]
}

/**
 * Runs `task` now and then every `ms`, without keeping the process up; a failure is handed to
 * `failed` (logged) and the next run comes all the same. Answers how to stop it.
 */
export function repeatEvery(ms: number, task: () => Promise<unknown>, failed: (error: unknown) => void): () => void {
  const run = () => void task().catch(failed)
  run()
  const timer = setInterval(run, ms)
  timer.unref()
  return () => clearInterval(timer)
}

type OutboxTable = LeasedTable & { attempts: PgColumn }

/** An outbox's retry timing: the first wait, doubled after each failed try up to the longest. */
export interface Backoff {
  retryBaseMs: number
  maxDelayMs: number
}

/** The backoff an outbox's options ask for: by default 30 s first, an hour at the most. */
export const backoffOf = (options: Partial<Backoff>): Backoff => ({
  retryBaseMs: options.retryBaseMs ?? 30_000,
  maxDelayMs: options.maxDelayMs ?? 60 * 60 * 1000,
})

/**
 * An outbox row after a try that failed: its error kept, due again after the backoff's wait, its
 * lease let go. Answers the try's number and the wait (for the log) with the columns to set.
 */
export function failedTry(table: OutboxTable, triedBefore: number, error: unknown, backoff: Backoff) {
  const attempts = triedBefore + 1
  const delayMs = Math.min(backoff.retryBaseMs * 2 ** (attempts - 1), backoff.maxDelayMs)
  const set = {
    attempts: sql`${table.attempts} + 1`,
    lastError: String((error as Error).message ?? error).slice(0, 500),
    nextAttemptAt: inMs(delayMs),
    leaseUntil: null,
    leaseToken: null,
  }
  return { attempts, delayMs, set }
}

/** An outbox row after a try that succeeded: sent, its lease let go. */
export const sentTry = (table: OutboxTable) => ({
  status: 'sent' as const,
  attempts: sql`${table.attempts} + 1`,
  lastError: null,
  leaseUntil: null,
  leaseToken: null,
})
