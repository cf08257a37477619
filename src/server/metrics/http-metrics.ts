import type { FastifyInstance } from 'fastify'
import type { Metrics } from './metrics.js'

/**
 * Times every request Fastify answers, labelled by its route's pattern (`/api/admin/get-project`,
 * `/uploads/*`, `/*` for a rendered page), never the raw address: a crawler's endless query
 * strings would otherwise make a label value each. Cached pages never reach Fastify; the page
 * cache counts them itself (app-metrics.ts reads its counts).
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics) {
  if (!metrics.enabled) return
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? '(no route)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
  })
}
