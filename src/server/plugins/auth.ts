import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.js'
import { authenticate } from '../services/auth.js'

export const NOT_SIGNED_IN = 'Please sign in'

/** Reads `Authorization: Bearer <token>` (never a cookie) and gives routes `requireAdmin`. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null)
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    const session = match ? await authenticate(app.ctx.db, match[1]!) : null
    if (!session) throw new HttpError(401, NOT_SIGNED_IN)
    request.session = session
  })
}
