import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

// The server's metrics in Prometheus' text format (issue 44, decision 127). One registry per app
// (tests build several apps in one process), made only when the operator turned metrics on:
// switched off, every function here does nothing and nothing is measured.

/** A value a gauge reads at scrape time: one number, or one per set of label values. */
export type GaugeReading = number | { labels: Record<string, string>; value: number }[]

export interface GaugeDefinition {
  /** snake_case with a unit suffix (`_bytes`, `_seconds`) or none for a count. */
  name: string
  help: string
  labelNames?: readonly string[]
  /** Called at every scrape: keep it cheap (one query at most, no writes). */
  read(): GaugeReading | Promise<GaugeReading>
}

export interface CounterDefinition {
  /** Ends in `_total`. */
  name: string
  help: string
  labelNames?: readonly string[]
  /** A running total kept elsewhere (a cache's own hit count), read at scrape time. */
  read(): GaugeReading | Promise<GaugeReading>
}

// Page and API answers take from under a millisecond (cache) to seconds (a cold render under load).
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** A metric's current reading, replacing the last one (the total or value is kept elsewhere). */
function apply(metric: Gauge | Counter, reading: GaugeReading) {
  metric.reset()
  if (typeof reading === 'number') return metric instanceof Gauge ? metric.set(reading) : metric.inc(reading)
  for (const { labels, value } of reading) {
    if (metric instanceof Gauge) metric.set(labels, value)
    else metric.inc(labels, value)
  }
}

/** The prom-client configuration of a gauge or counter whose value is read at every scrape. */
const readAtScrape = (registry: Registry, definition: GaugeDefinition | CounterDefinition) => ({
  name: definition.name,
  help: definition.help,
  labelNames: definition.labelNames ?? [],
  registers: [registry],
  async collect(this: Gauge | Counter) {
    apply(this, await definition.read())
  },
})

export function createMetrics(enabled: boolean) {
  const registry = enabled ? new Registry() : null
  if (registry) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 })

  const requests =
    registry &&
    new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests Fastify answered, by method, route pattern and status (cached pages are counted in site_page_cache_lookups_total)',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    })
  const renders =
    registry &&
    new Histogram({
      name: 'site_page_render_duration_seconds',
      help: 'Server renders of public pages (a cache miss, or a background re-render after a change)',
      labelNames: ['status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    })

  return {
    enabled,
    /**
     * A gauge read at scrape time (a queue's length, a cache's size). The way other parts of the
     * server add what they want watched: `app.metrics.registerGauge({ name, help, read })`.
     */
    registerGauge(definition: GaugeDefinition) {
      if (registry) new Gauge(readAtScrape(registry, definition))
    },
    /** A counter whose total is kept elsewhere, read at scrape time (nothing is added on the hot path). */
    registerCounter(definition: CounterDefinition) {
      if (registry) new Counter(readAtScrape(registry, definition))
    },
    /** A request Fastify answered (http-metrics.ts). */
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      requests?.observe({ method, route, status_code: String(statusCode) }, seconds)
    },
    /** A page the server rendered. */
    observeRender(statusCode: number, seconds: number) {
      renders?.observe({ status_code: String(statusCode) }, seconds)
    },
    /** The text Prometheus reads, and its content type. */
    async exposition(): Promise<{ contentType: string; body: string }> {
      if (!registry) throw new Error('metrics are off')
      return { contentType: registry.contentType, body: await registry.metrics() }
    },
  }
}
export type Metrics = ReturnType<typeof createMetrics>
