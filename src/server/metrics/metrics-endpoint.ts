import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { carriesBearerToken } from './bearer-token.js'
import type { Metrics } from './metrics.js'

// GET /metrics (decision 127): on the site behind METRICS_TOKEN, or on its own port (METRICS_PORT),
// where a token, when also set, is asked for as well.

const REFUSAL = JSON.stringify({ message: 'Metrics need the bearer token (METRICS_TOKEN)' })

/** The answer to a scrape, or null when it was refused (401 written). */
async function answerScrape(request: IncomingMessage, response: ServerResponse, metrics: Metrics, token?: string) {
  if (token && !carriesBearerToken(request.headers.authorization, token)) {
    response.writeHead(401, {
      'content-type': 'application/json; charset=utf-8',
      'www-authenticate': 'Bearer realm="metrics"',
      'cache-control': 'no-store',
    })
    response.end(REFUSAL)
    return
  }
  const { contentType, body } = await metrics.exposition()
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
  response.end(request.method === 'HEAD' ? undefined : body)
}

/** /metrics on the site itself, for METRICS_TOKEN without METRICS_PORT. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/metrics',
    handler: async (request, reply) => {
      reply.hijack()
      await answerScrape(request.raw, reply.raw, metrics, token)
    },
  })
}

/** A listener of its own for /metrics (METRICS_PORT): nothing else is served there. */
export function createMetricsListener(options: {
  metrics: Metrics
  port: number
  host: string
  token?: string
  log: FastifyBaseLogger
}) {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only /metrics is served here')
      return
    }
    answerScrape(request, response, options.metrics, options.token).catch((error: unknown) => {
      options.log.error({ err: error }, 'metrics could not be collected')
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  return {
    listen: () =>
      new Promise<AddressInfo>((resolve, reject) => {
        server.once('error', reject)
        server.listen(options.port, options.host, () => resolve(server.address() as AddressInfo))
      }),
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
    address: () => server.address() as AddressInfo | null,
  }
}

/**
 * Serves the metrics the way the environment says: on their own port (METRICS_PORT, opened when
 * the app is ready, closed with it), or at /metrics on the site behind METRICS_TOKEN.
 */
export function serveMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  settings: { token?: string; port?: number; host: string },
) {
  app.decorate('metricsAddress', (): AddressInfo | null => null)
  if (!metrics.enabled) return
  if (settings.port === undefined) {
    if (settings.token) metricsRoute(app, metrics, settings.token)
    return
  }
  const listener = createMetricsListener({
    metrics,
    port: settings.port,
    host: settings.host,
    token: settings.token,
    log: app.log,
  })
  app.metricsAddress = listener.address
  app.addHook('onReady', async () => {
    const address = await listener.listen()
    app.log.info(`metrics at http://${address.address}:${address.port}/metrics`)
  })
  app.addHook('onClose', () => listener.close())
}
