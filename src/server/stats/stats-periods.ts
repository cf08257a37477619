import { addDays } from '../../shared/schemas/stats.schema.js'
import { STATS_GRAINS } from '../db/schema.js'

/**
 * The grains visit counts are kept in (decision 114): every view adds to its day, month, quarter and
 * year, so a long range sums a few coarse rows per page and not one per day or month.
 */
export type StatsGrain = (typeof STATS_GRAINS)[number]

const MONTHS_OF: Record<Exclude<StatsGrain, 'day'>, number> = { month: 1, quarter: 3, year: 12 }

/** The period (YYYY-MM-DD, its first day) a day adds to in a grain. */
export function periodOf(grain: StatsGrain, day: string): string {
  if (grain === 'day') return day
  const year = day.slice(0, 4)
  const month = Number(day.slice(5, 7))
  const first = grain === 'month' ? month : grain === 'quarter' ? month - ((month - 1) % 3) : 1
  return `${year}-${String(first).padStart(2, '0')}-01`
}

/** The first day after a period of a grain that starts on `period`. */
export function periodEnd(grain: StatsGrain, period: string): string {
  if (grain === 'day') return addDays(period, 1)
  const [year, month] = period.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, month - 1 + MONTHS_OF[grain], 1)).toISOString().slice(0, 10)
}

/** Rows of one grain whose period is within `first`..`last` (both periods' first days). */
export interface RangePart {
  grain: StatsGrain
  first: string
  last: string
}

const COARSEST_FIRST = [...STATS_GRAINS].reverse()

/**
 * The fewest rows that make up a range (both days counted): from its first day on, the coarsest
 * period that starts there and ends within the range, then the next. Calendar periods nest, so this
 * is the shortest cover: two years read a few coarse periods and the partial months in days.
 * Adjacent periods of one grain are merged into one part.
 *
 * No day after `today` has views yet, so a range that reaches today also covers the periods that
 * start within it and end later: a range ending today reads this month's, quarter's or year's row
 * rather than its days (decision 114).
 */
export function rangeParts(from: string, to: string, today = new Date().toISOString().slice(0, 10)): RangePart[] {
  const parts: RangePart[] = []
  const afterTo = addDays(to, 1)
  const afterToday = addDays(today, 1)
  const fits = (grain: StatsGrain, at: string) => {
    const end = periodEnd(grain, at)
    return (end < afterToday ? end : afterToday) <= afterTo
  }
  for (let at = from; at < afterTo;) {
    const grain = COARSEST_FIRST.find((g) => periodOf(g, at) === at && fits(g, at))!
    const last = parts.at(-1)
    if (last?.grain === grain) last.last = at
    else parts.push({ grain, first: at, last: at })
    at = periodEnd(grain, at)
  }
  return parts
}
