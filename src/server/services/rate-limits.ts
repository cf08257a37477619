import { eq, like, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { rateLimits } from '../db/schema.js'

/** Hits beyond `freeHits` each block the key for a delay that doubles, from `baseMs` up to `maxMs`. */
export interface Backoff {
  freeHits: number
  baseMs: number
  maxMs: number
}

export interface HitOptions {
  /** How long the count lasts. */
  windowMs: number
  /** Every hit starts the window again (the key is forgotten `windowMs` after its last hit). */
  sliding?: boolean
  backoff?: Backoff
}

export interface HitResult {
  /** False only with a backoff, while the key is blocked; the hit was then not counted. */
  allowed: boolean
  hits: number
  resetsAt: Date
  /** With allowed false: how long until the next hit is allowed. */
  retryAfterMs: number
}

export interface CounterState {
  hits: number
  resetsAt: Date
  blockedUntil: Date | null
}

export function backoffDelay(hits: number, backoff: Backoff): number {
  if (hits <= backoff.freeHits) return 0
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** (hits - backoff.freeHits - 1))
}

/** For LIKE 'prefix%': the prefix's own % and _ match only themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Counters kept in the database, so every server instance sees the same counts and a restart
 * forgets nothing. Each hit is one atomic upsert: parallel requests, on one instance or several,
 * are serialised on the key's row by the database, so none slips past a limit.
 */
export function createRateLimits(db: Db, clock: () => number = Date.now) {
  async function hit(key: string, options: HitOptions): Promise<HitResult> {
    const now = clock()
    const at = sql`${new Date(now).toISOString()}::timestamptz`
    const expired = sql`${rateLimits.resetsAt} <= ${at}`
    const nextHits = sql`(CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END)`
    const { backoff } = options
    const [row] = await db
      .insert(rateLimits)
      .values({
        key,
        hits: 1,
        resetsAt: new Date(now + options.windowMs),
        blockedUntil: backoff ? new Date(now + backoffDelay(1, backoff)) : null,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: nextHits,
          resetsAt: options.sliding
            ? sql`excluded.resets_at`
            : sql`CASE WHEN ${expired} THEN excluded.resets_at ELSE ${rateLimits.resetsAt} END`,
          blockedUntil: backoff
            ? sql`${at} + (CASE WHEN ${nextHits} > ${backoff.freeHits}
                THEN least(${backoff.maxMs}::float8, ${backoff.baseMs}::float8 * power(2, ${nextHits} - ${backoff.freeHits} - 1))
                ELSE 0 END) * interval '1 millisecond'`
            : null,
        },
        // A blocked key is left as it is: the refused attempt does not count.
        ...(backoff && {
          setWhere: sql`${expired} OR ${rateLimits.blockedUntil} IS NULL OR ${rateLimits.blockedUntil} <= ${at}`,
        }),
      })
      .returning()
    if (row) return { allowed: true, hits: row.hits, resetsAt: row.resetsAt, retryAfterMs: 0 }
    const state = await peek(key)
    const blockedUntil = state?.blockedUntil?.getTime() ?? now
    return {
      allowed: false,
      hits: state?.hits ?? 0,
      resetsAt: state?.resetsAt ?? new Date(now),
      retryAfterMs: Math.max(0, blockedUntil - now),
    }
  }

  /** The key's count, or null when it has none (never hit, reset, or its window is over). */
  async function peek(key: string): Promise<CounterState | null> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
    if (!row || row.resetsAt.getTime() <= clock()) return null
    return { hits: row.hits, resetsAt: row.resetsAt, blockedUntil: row.blockedUntil }
  }

  async function reset(key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, key))
  }

  async function resetPrefix(prefix: string): Promise<void> {
    await db.delete(rateLimits).where(like(rateLimits.key, `${escapeLike(prefix)}%`))
  }

  /** Deletes the rows whose window is over; answers how many. */
  async function sweep(): Promise<number> {
    const gone = await db
      .delete(rateLimits)
      .where(lte(rateLimits.resetsAt, new Date(clock())))
      .returning({ key: rateLimits.key })
    return gone.length
  }

  return { hit, peek, reset, resetPrefix, sweep }
}
export type RateLimits = ReturnType<typeof createRateLimits>
