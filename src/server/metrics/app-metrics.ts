import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { selectRows } from '../db/select-rows.js'
import type { AnswerCache } from '../public-api/answer-cache.js'
import type { PageCache } from '../site/page-cache.js'
import type { Metrics } from './metrics.js'

// What this server exposes beyond requests, renders and Node's own figures (decision 127). Caches
// count on their own path already (a property increment); these read the counts at scrape time.

interface Backlog {
  channel: string | null
  pending: number
  failing: number
}

/** The page cache: lookups by outcome, and what it holds. */
export function registerPageCacheMetrics(metrics: Metrics, cache: () => PageCache | null) {
  metrics.registerCounter({
    name: 'site_page_cache_lookups_total',
    help: 'Public page requests by cache outcome: hit (current page), stale (served while re-rendered), miss (rendered for the visitor)',
    labelNames: ['result'],
    read: () => {
      const stats = cache()?.stats
      if (!stats) return []
      return [
        { labels: { result: 'hit' }, value: stats.hits },
        { labels: { result: 'stale' }, value: stats.stale },
        { labels: { result: 'miss' }, value: stats.misses },
      ]
    },
  })
  metrics.registerGauge({
    name: 'site_page_cache_pages',
    help: 'Rendered pages kept in memory',
    read: () => cache()?.size ?? 0,
  })
  metrics.registerGauge({
    name: 'site_page_cache_bytes',
    help: 'Memory the kept pages take, compressed forms included (PAGE_CACHE_MB bounds it)',
    read: () => cache()?.bytes ?? 0,
  })
}

/** The public API's answers (decision 070). */
export function registerAnswerCacheMetrics(metrics: Metrics, answers: AnswerCache) {
  metrics.registerCounter({
    name: 'public_api_cache_lookups_total',
    help: 'Public API calls by answer cache outcome: hit (kept answer), miss (built for the call)',
    labelNames: ['result'],
    read: () => [
      { labels: { result: 'hit' }, value: answers.stats.hits },
      { labels: { result: 'miss' }, value: answers.stats.misses },
    ],
  })
  metrics.registerGauge({
    name: 'public_api_cache_bytes',
    help: 'What the kept answers take, in memory and in files under DATA_DIR',
    labelNames: ['where'],
    read: () => [
      { labels: { where: 'memory' }, value: answers.memoryBytes },
      { labels: { where: 'disk' }, value: answers.diskBytes },
    ],
  })
}

/**
 * Work waiting in the database, shared by every instance: the outbox (per channel), IndexNow
 * submissions, publish schedules and the AVIF encodings. One query per scrape, all gauges read it.
 */
export function registerBacklogMetrics(metrics: Metrics, db: Db) {
  let reading: Promise<{ deliveries: Backlog[]; others: Record<string, number> }> | undefined
  const read = () => {
    reading ??= query(db).finally(() => setTimeout(() => (reading = undefined), 1000).unref())
    return reading
  }
  metrics.registerGauge({
    name: 'outbox_deliveries_pending',
    help: 'Enquiry and invitation deliveries not yet accepted by their channel',
    labelNames: ['channel'],
    read: async () =>
      (await read()).deliveries.map((row) => ({ labels: { channel: row.channel ?? '' }, value: row.pending })),
  })
  metrics.registerGauge({
    name: 'outbox_deliveries_failing',
    help: 'Pending deliveries whose last attempt failed (retried with backoff)',
    labelNames: ['channel'],
    read: async () =>
      (await read()).deliveries.map((row) => ({ labels: { channel: row.channel ?? '' }, value: row.failing })),
  })
  const other = (name: string, help: string, field: string) =>
    metrics.registerGauge({ name, help, read: async () => (await read()).others[field] ?? 0 })
  other('indexnow_submissions_pending', 'Changed addresses waiting to be sent to IndexNow', 'indexnow_pending')
  other('publish_schedules_pending', 'Scheduled publish and unpublish actions not yet run', 'schedules_pending')
  other('publish_schedules_failed', 'Scheduled actions that failed (shown in the back office)', 'schedules_failed')
  other('image_avif_encodings_pending', 'Uploaded images whose AVIF sizes are still to be made', 'avif_pending')
}

async function query(db: Db) {
  const deliveries = await selectRows<Backlog>(
    db,
    sql`select channel, count(*)::int as pending, count(*) filter (where last_error is not null)::int as failing
        from deliveries where status = 'pending' group by channel`,
  )
  const [others] = await selectRows<Record<string, number>>(
    db,
    sql`select
      (select count(*) from indexnow_submissions where status = 'pending')::int as indexnow_pending,
      (select count(*) from publish_schedules where status = 'pending')::int as schedules_pending,
      (select count(*) from publish_schedules where status = 'failed')::int as schedules_failed,
      (select count(*) from images where avif_ready = false)::int as avif_pending`,
  )
  return { deliveries, others: others ?? {} }
}
