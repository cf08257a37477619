import 'fastify'
import type { Session } from './services/auth.js'
import type { ServiceContext } from './services/context.js'
import type { Outbox } from './mail/outbox.js'
import type { LoginThrottle } from './services/login-throttle.js'

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext
    outbox: Outbox
    loginThrottle: LoginThrottle
    /** preHandler for admin routes: 401 without a valid bearer token. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    session: Session | null
  }
}
