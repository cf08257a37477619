import 'fastify'
import type { Person, Verdict } from './services/access-policy.js'
import type { AuthDeps, Session } from './services/auth.js'
import type { ServiceContext } from './services/context.js'
import type { Outbox } from './delivery/outbox.js'
import type { PageCache } from './site/page-cache.js'

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext
    outbox: Outbox
    /** The rendered-page cache; null when the site is not served (API-only tests, no build). */
    pageCache: PageCache | null
    /** What the sign-in and account operations need. */
    auth: AuthDeps
    /** preHandler for the account calls: 401 without a valid bearer token. */
    requireSignedIn: (request: FastifyRequest) => Promise<void>
    /** preHandler for the Account screen's calls: signed in, generated password changed. */
    requireAccount: (request: FastifyRequest) => Promise<void>
    /** preHandler for admin routes: 401 without a valid bearer token, 403 until a generated password is changed. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
    /** Route options of an admin route: requireAdmin, then the access policy's verdict (403 with what the role allows). */
    allow: (verdict: (person: Person) => Verdict) => { preHandler: ((request: FastifyRequest) => Promise<void>)[] }
  }
  interface FastifyRequest {
    session: Session | null
  }
}
