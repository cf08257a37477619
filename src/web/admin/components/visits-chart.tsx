import { useEffect, useRef } from 'react'
import type { StatsReport } from '../../../shared/stats.js'

interface VisitsChartProps {
  current: StatsReport['days']
  /** The period before, as long: drawn dashed under the current one, day for day. */
  previous: StatsReport['days']
}

const COLORS = { views: '#8a6a3b', enquiries: '#2f6f5e', previous: '#b9b2a6' }
const HEIGHT = 260

/**
 * Views and enquiries per day with the previous period's, drawn by uPlot (~50 KB, loaded only
 * when this chart shows: the public pages never load it). The figures are in the table beside it,
 * so the drawing itself is hidden from screen readers.
 */
export function VisitsChart({ current, previous }: VisitsChartProps) {
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined
    let observer: ResizeObserver | undefined
    let cancelled = false
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (cancelled) return
      const x = current.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000)
      const before = (key: 'views' | 'enquiries') => current.map((_, i) => previous[i]?.[key] ?? null)
      const narrow = element.clientWidth < 600
      plot = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          cursor: { drag: { x: false, y: false } },
          legend: { live: !narrow },
          scales: { x: { time: true }, enquiries: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { stroke: '#555', grid: { stroke: '#eee' }, space: narrow ? 70 : 90 },
            { stroke: '#555', grid: { stroke: '#eee' }, size: 50 },
            { scale: 'enquiries', side: 1, stroke: COLORS.enquiries, grid: { show: false }, size: 40 },
          ],
          series: [
            {},
            { label: 'Views', stroke: COLORS.views, width: 2 },
            { label: 'Views, period before', stroke: COLORS.previous, width: 1.5, dash: [6, 4] },
            { label: 'Enquiries', scale: 'enquiries', stroke: COLORS.enquiries, width: 2 },
            { label: 'Enquiries, period before', scale: 'enquiries', stroke: COLORS.previous, width: 1, dash: [2, 3] },
          ],
        },
        [x, current.map((d) => d.views), before('views'), current.map((d) => d.enquiries), before('enquiries')],
        element,
      )
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }))
      observer.observe(element)
    })
    return () => {
      cancelled = true
      observer?.disconnect()
      plot?.destroy()
    }
  }, [current, previous])

  return <div ref={box} className="stats-chart" aria-hidden="true" data-testid="visits-chart" />
}
