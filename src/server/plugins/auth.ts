import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.js'
import { authenticate, type Client } from '../services/auth.js'
import type { ServiceContext } from '../services/context.js'

export const NOT_SIGNED_IN = 'Please sign in'
export const PASSWORD_CHANGE_REQUIRED = 'Change your password first (Account)'

export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
})

/** The service context of a signed-in request: the app's, naming the admin who acts. */
export function actingAs(request: FastifyRequest): ServiceContext {
  const session = request.session
  if (!session) throw new HttpError(401, NOT_SIGNED_IN)
  return { ...request.server.ctx, actor: { id: session.adminId, username: session.username, ip: request.ip } }
}

/**
 * Reads `Authorization: Bearer <token>` (never a cookie) and gives routes two preHandlers:
 * `requireSignedIn` for the account calls, and `requireAdmin` for everything else, which also
 * refuses (403) while a generated password waits to be changed.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null)

  async function requireSignedIn(request: FastifyRequest) {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    const session = match ? await authenticate(app.ctx.db, match[1]!, clientOf(request)) : null
    if (!session) throw new HttpError(401, NOT_SIGNED_IN)
    request.session = session
  }

  app.decorate('requireSignedIn', requireSignedIn)
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireSignedIn(request)
    if (request.session!.mustChangePassword) throw new HttpError(403, PASSWORD_CHANGE_REQUIRED)
  })
}
