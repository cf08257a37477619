import { describe, expect, it } from 'vitest'
import { addDays, daysBetween } from '../../shared/schemas/stats.schema.js'
import { periodEnd, periodOf, rangeParts } from './stats-periods.js'

/** The days a set of parts stands for, one by one, up to `today` (no later day has views). */
function daysOf(parts: ReturnType<typeof rangeParts>, today = '2099-12-31'): string[] {
  const days: string[] = []
  for (const part of parts)
    for (let period = part.first; period <= part.last; period = periodEnd(part.grain, period))
      for (let day = period; day < periodEnd(part.grain, period) && day <= today; day = addDays(day, 1)) days.push(day)
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
    expect(rangeParts('2024-11-26', '2026-11-25', '2026-12-31')).toEqual([
      { grain: 'day', first: '2024-11-26', last: '2024-11-30' },
      { grain: 'month', first: '2024-12-01', last: '2024-12-01' },
      { grain: 'year', first: '2025-01-01', last: '2025-01-01' },
      { grain: 'quarter', first: '2026-01-01', last: '2026-07-01' },
      { grain: 'month', first: '2026-10-01', last: '2026-10-01' },
      { grain: 'day', first: '2026-11-01', last: '2026-11-25' },
    ])
    expect(rangeParts('2024-02-02', '2024-02-28', '2026-11-25')).toEqual([
      { grain: 'day', first: '2024-02-02', last: '2024-02-28' },
    ])
    expect(rangeParts('2024-01-01', '2024-12-31', '2026-11-25')).toEqual([
      { grain: 'year', first: '2024-01-01', last: '2024-01-01' },
    ])
  })

  it('covers every day of any range exactly once', () => {
    for (let i = 0; i < 400; i++) {
      const from = addDays('2023-01-01', (i * 37) % 800)
      const to = addDays(from, (i * 53) % 1000)
      const days = daysOf(rangeParts(from, to, '2099-12-31'))
      expect(days.length, `${from}..${to}`).toBe(daysBetween(from, to))
      expect(days[0]).toBe(from)
      expect(days.at(-1)).toBe(to)
      expect(new Set(days).size).toBe(days.length)
    }
  })

  it('reads the periods a range ending today has begun whole, since no later day has views', () => {
    expect(rangeParts('2024-11-26', '2026-11-25', '2026-11-25')).toEqual([
      { grain: 'day', first: '2024-11-26', last: '2024-11-30' },
      { grain: 'month', first: '2024-12-01', last: '2024-12-01' },
      { grain: 'year', first: '2025-01-01', last: '2026-01-01' },
    ])
    expect(rangeParts('2026-10-27', '2026-11-25', '2026-11-25')).toEqual([
      { grain: 'day', first: '2026-10-27', last: '2026-10-31' },
      { grain: 'month', first: '2026-11-01', last: '2026-11-01' },
    ])
    // Yesterday's range does not reach today: its days stay days.
    expect(rangeParts('2026-11-01', '2026-11-24', '2026-11-25')).toEqual([
      { grain: 'day', first: '2026-11-01', last: '2026-11-24' },
    ])
    for (let i = 0; i < 300; i++) {
      const today = addDays('2025-01-01', (i * 41) % 700)
      const from = addDays(today, -((i * 53) % 1000))
      const to = addDays(today, (i * 7) % 40)
      const days = daysOf(rangeParts(from, to, today), today)
      expect(days.length, `${from}..${to} on ${today}`).toBe(daysBetween(from, today))
      expect(new Set(days).size).toBe(days.length)
    }
  })
})
