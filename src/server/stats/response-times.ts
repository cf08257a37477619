import { inArray } from 'drizzle-orm'
import type { ResponseTimes } from '../../shared/stats.js'
import type { Db } from '../db/client.js'
import { admins } from '../db/schema.js'

export interface Answerable {
  at: Date
  firstResponseAt: Date | null
  ownerId: string | null
}

/** The middle value (the mean of the two middle ones for an even count), in whole minutes. */
export function medianMinutes(ms: number[]): number | null {
  if (ms.length === 0) return null
  const sorted = [...ms].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return Math.round(median / 60_000)
}

/** Time to first response over the range's enquiries, overall and per owner (issue 42, decision 154). */
export async function responseTimes(db: Db, rows: Answerable[]): Promise<ResponseTimes> {
  const waits = (list: Answerable[]) =>
    list.filter((r) => r.firstResponseAt).map((r) => r.firstResponseAt!.getTime() - r.at.getTime())
  const byOwner = new Map<string | null, Answerable[]>()
  for (const row of rows) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row])
  const ids = [...byOwner.keys()].filter((id): id is string => id !== null)
  const names = new Map(
    ids.length > 0
      ? (await db.select({ id: admins.id, name: admins.username }).from(admins).where(inArray(admins.id, ids))).map(
          (a) => [a.id, a.name],
        )
      : [],
  )
  const all = waits(rows)
  return {
    medianMinutes: medianMinutes(all),
    answered: all.length,
    owners: [...byOwner.entries()]
      .map(([ownerId, list]) => {
        const w = waits(list)
        return {
          ownerId,
          name: ownerId ? (names.get(ownerId) ?? '(account gone)') : '(nobody)',
          medianMinutes: medianMinutes(w),
          answered: w.length,
          enquiries: list.length,
        }
      })
      .sort((a, b) => b.enquiries - a.enquiries || a.name.localeCompare(b.name)),
  }
}
