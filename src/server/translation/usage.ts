import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { machineUsage } from '../db/schema.js'
import { HttpError } from '../errors.js'

// Characters sent to machine providers, counted per month (issue 40, item 6; decision 143).
// MT_MONTHLY_CHARACTERS caps them: a fill that would pass the cap is refused before any request.

export const monthOf = (at = new Date()) => at.toISOString().slice(0, 7)

/** The month's characters over every provider. */
export async function charactersThisMonth(db: Executor, month = monthOf()): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${machineUsage.characters}), 0)` })
    .from(machineUsage)
    .where(eq(machineUsage.month, month))
  return Number(row?.total ?? 0)
}

/** The fill that would pass the cap: 429 with what is left (a job recognises `CapReachedError`). */
export class CapReachedError extends HttpError {
  constructor(
    readonly left: number,
    readonly wanted: number,
  ) {
    super(
      429,
      `This fill would send ${wanted.toLocaleString('en')} characters, but only ${left.toLocaleString('en')} of this month's machine translation allowance are left`,
    )
  }
}

/** Refuses `characters` more when they pass the cap (none set: no cap). */
export async function checkCap(db: Executor, limit: number | null, characters: number): Promise<void> {
  if (limit == null || characters === 0) return
  const used = await charactersThisMonth(db)
  if (used + characters > limit) throw new CapReachedError(Math.max(0, limit - used), characters)
}

/** Counts characters sent in one provider call (added, so instances add up). */
export async function countCharacters(db: Executor, provider: string, characters: number): Promise<void> {
  if (characters <= 0) return
  await db
    .insert(machineUsage)
    .values({ provider, month: monthOf(), characters })
    .onConflictDoUpdate({
      target: [machineUsage.provider, machineUsage.month],
      set: { characters: sql`${machineUsage.characters} + ${characters}` },
    })
}
