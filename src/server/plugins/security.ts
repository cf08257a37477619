import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** Security headers on every answer; authenticated API answers are never cached. */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Images are fetched by the page itself; cross-origin isolation would only break embeds.
    crossOriginEmbedderPolicy: false,
    hsts: false,
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
}
