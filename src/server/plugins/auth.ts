import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PASSWORD_CHANGE_REQUIRED, TWO_FACTOR_REQUIRED } from '../../shared/account-gates.js'
import { HttpError } from '../errors.js'
import { enforce, type Person, type Verdict } from '../services/access-policy.js'
import { authenticate, type Client } from '../services/auth.js'
import type { ServiceContext } from '../services/context.js'
import { getSignInRules } from '../services/sign-in-rules.js'

export const NOT_SIGNED_IN = 'Please sign in'
export { PASSWORD_CHANGE_REQUIRED, TWO_FACTOR_REQUIRED }

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

/** The signed-in person as the access policy sees them. */
export function personOf(request: FastifyRequest): Person {
  const session = request.session
  if (!session) throw new HttpError(401, NOT_SIGNED_IN)
  return session
}

/** Asks the policy inside a handler (when the target is known only after reading it); 403 on a refusal. */
export const check = (request: FastifyRequest, verdict: (person: Person) => Verdict) =>
  enforce(verdict(personOf(request)))

/**
 * Reads `Authorization: Bearer <token>` (never a cookie) and gives routes three preHandlers:
 * `requireSignedIn` for signing out and the password; `requireAccount` for the rest of Account
 * (it works while two-factor sign-in is still to be turned on); `requireAdmin` for everything else, which also
 * refuses (403) while a generated password waits to be changed or two-factor sign-in, required
 * by an owner, is off; and `allow(verdict)`, requireAdmin plus the access policy's verdict.
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

  async function requireAccount(request: FastifyRequest) {
    await requireSignedIn(request)
    if (request.session!.mustChangePassword) throw new HttpError(403, PASSWORD_CHANGE_REQUIRED)
  }

  async function requireAdmin(request: FastifyRequest) {
    await requireAccount(request)
    const session = request.session!
    if (!session.twoFactor && (await getSignInRules(app.ctx.db)).requireTwoFactor)
      throw new HttpError(403, TWO_FACTOR_REQUIRED)
  }

  app.decorate('requireSignedIn', requireSignedIn)
  app.decorate('requireAccount', requireAccount)
  app.decorate('requireAdmin', requireAdmin)
  app.decorate('allow', (verdict: (person: Person) => Verdict) => ({
    preHandler: [requireAdmin, async (request: FastifyRequest) => enforce(verdict(personOf(request)))],
  }))
}
