import type { FastifyInstance } from 'fastify'

/** 200 once the database answers and the image store can be written; 503 otherwise. */
export async function healthRoutes(app: FastifyInstance, options: { ping: () => Promise<void> }) {
  app.get('/healthz', async (request, reply) => {
    const checks = await Promise.allSettled([options.ping(), app.ctx.images.store.checkWritable()])
    const [database, storage] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'failing'))
    for (const check of checks)
      if (check.status === 'rejected') request.log.warn({ err: check.reason }, 'health check failed')
    const ok = database === 'ok' && storage === 'ok'
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', database, storage })
  })
}
