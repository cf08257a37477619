import { z } from 'zod'
import './zod-config.js'

/** The longest range the stats answer (a year compared with the year before fits well within). */
export const MAX_STATS_DAYS = 3 * 366

const DAY_MS = 86_400_000

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1

/** A day (YYYY-MM-DD) moved by `days`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10)

const isRealDate = (value: string) => {
  const time = Date.parse(value)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

const day = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(isRealDate, `${field} must be a date (YYYY-MM-DD)`)

/** GET /api/admin/stats and stats.csv: `from` and `to`, both days counted, at most three years. */
export const statsRangeSchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => range.from <= range.to, { message: 'from must not be after to', path: ['from'] })
  .refine((range) => daysBetween(range.from, range.to) <= MAX_STATS_DAYS, {
    message: 'The range may be at most 3 years',
    path: ['to'],
  })
export type StatsRange = z.output<typeof statsRangeSchema>
