import { addDays, daysBetween, statsRangeSchema, type StatsRange } from '../../../shared/schemas/stats.schema.js'

/** The dashboard's ranges: the last 7 or 30 days or 12 months, today included, or the admin's own. */
export const RANGE_PRESETS = [
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '12m', label: '12 months' },
] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'] | 'custom'

export interface ChosenRange extends StatsRange {
  preset: RangePreset
  /** The range as long, just before: what the chart compares with. */
  previous: StatsRange
  /** A custom range that was not valid, with why. */
  problem?: string
}

const today = () => new Date().toISOString().slice(0, 10)

function presetRange(preset: Exclude<RangePreset, 'custom'>, to: string): StatsRange {
  if (preset === '12m') {
    const end = new Date(Date.parse(to))
    const from = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate() + 1))
    return { from: from.toISOString().slice(0, 10), to }
  }
  return { from: addDays(to, preset === '7d' ? -6 : -29), to }
}

const previousOf = ({ from, to }: StatsRange): StatsRange => ({
  from: addDays(from, -daysBetween(from, to)),
  to: addDays(from, -1),
})

/** The range a dashboard address asks for: `?range=7d|30d|12m`, or `?from=…&to=…`; 30 days by default. */
export function chosenRange(search: URLSearchParams, now = today()): ChosenRange {
  const asked = search.get('range')
  if (search.has('from') || search.has('to')) {
    const parsed = statsRangeSchema.safeParse({ from: search.get('from') ?? '', to: search.get('to') ?? '' })
    if (parsed.success) return { preset: 'custom', ...parsed.data, previous: previousOf(parsed.data) }
    const fallback = presetRange('30d', now)
    return { preset: '30d', ...fallback, previous: previousOf(fallback), problem: parsed.error.issues[0]!.message }
  }
  const preset = RANGE_PRESETS.some((p) => p.id === asked) ? (asked as Exclude<RangePreset, 'custom'>) : '30d'
  const range = presetRange(preset, now)
  return { preset, ...range, previous: previousOf(range) }
}
