import helmet from '@fastify/helmet'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CSP_DIRECTIVES } from '../site/content-security-policy.js'
import { openerPolicyOf } from '../site/opener-policy.js'

/**
 * The GETs the public site reads (SPEC 7): the only /api/admin answers a cache may keep. Every
 * other answer under /api/admin (sign-in, tokens, admin data, errors, unknown paths) is no-store.
 */
const PUBLIC_CONTENT_ROUTES = new Set([
  '/api/admin/get-languages',
  '/api/admin/get-projects',
  '/api/admin/get-projects/:lang',
  '/api/admin/single-project/:id',
  '/api/admin/get-reviews/:lang',
  '/api/admin/get-translation-page/:slug',
])

const isPublicContent = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && PUBLIC_CONTENT_ROUTES.has(request.routeOptions.url ?? '')

/**
 * Security headers on every answer (COOP on all but the public pages: site/opener-policy.ts);
 * authenticated and admin API answers are never cached.
 */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]])),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Images are fetched by the page itself; cross-origin isolation would only break embeds.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    hsts: false,
  })
  app.addHook('onSend', async (request, reply) => {
    const openerPolicy = openerPolicyOf(request.url, reply.getHeader('content-type')?.toString())
    if (openerPolicy) reply.header('cross-origin-opener-policy', openerPolicy)
    if (reply.hasHeader('cache-control')) return
    const adminApi = request.url.startsWith('/api/admin') && !isPublicContent(request)
    if (adminApi || request.headers.authorization) reply.header('cache-control', 'no-store')
  })
}
