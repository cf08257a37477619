import { describe, expect, it } from 'vitest'
import { addDays, daysBetween } from '../../shared/schemas/stats.schema.js'
import { periodEnd, periodOf, rangeParts } from './stats-periods.js'

/** The days a set of parts stands for, one by one. */
function daysOf(parts: ReturnType<typeof rangeParts>): string[] {
  const days: string[] = []
  for (const part of parts)
    for (let period = part.first; period <= part.last; period = periodEnd(part.grain, period))
      for (let day = period; day < periodEnd(part.grain, period); day = addDays(day, 1)) days.push(day)
  return days
}

describe('stats periods', () => {
  it('puts a day in its month, quarter and year', () => {
    expect(['day', 'month', 'quarter', 'year'].map((g) => periodOf(g as never, '2024-11-26'))).toEqual([
      '2024-11-26',
      '2024-11-01',
      '2024-10-01',
      '2024-01-01',
    ])
    expect(periodEnd('quarter', '2024-10-01')).toBe('2025-01-01')
    expect(periodEnd('month', '2024-02-01')).toBe('2024-03-01')
  })

  it('covers two years with the coarsest periods that fit, days only at the ends', () => {
    expect(rangeParts('2024-11-26', '2026-11-25')).toEqual([
      { grain: 'day', first: '2024-11-26', last: '2024-11-30' },
      { grain: 'month', first: '2024-12-01', last: '2024-12-01' },
      { grain: 'year', first: '2025-01-01', last: '2025-01-01' },
      { grain: 'quarter', first: '2026-01-01', last: '2026-07-01' },
      { grain: 'month', first: '2026-10-01', last: '2026-10-01' },
      { grain: 'day', first: '2026-11-01', last: '2026-11-25' },
    ])
    expect(rangeParts('2024-02-02', '2024-02-28')).toEqual([{ grain: 'day', first: '2024-02-02', last: '2024-02-28' }])
    expect(rangeParts('2024-01-01', '2024-12-31')).toEqual([{ grain: 'year', first: '2024-01-01', last: '2024-01-01' }])
  })

  it('covers every day of any range exactly once', () => {
    for (let i = 0; i < 400; i++) {
      const from = addDays('2023-01-01', (i * 37) % 800)
      const to = addDays(from, (i * 53) % 1000)
      const days = daysOf(rangeParts(from, to))
      expect(days.length, `${from}..${to}`).toBe(daysBetween(from, to))
      expect(days[0]).toBe(from)
      expect(days.at(-1)).toBe(to)
      expect(new Set(days).size).toBe(days.length)
    }
  })
})
