import 'fastify'
import type { AuthDeps, Session } from './services/auth.js'
import type { ServiceContext } from './services/context.js'
import type { Outbox } from './delivery/outbox.js'
import type { PageCache } from './site/page-cache.js'
import type { RedirectTable } from './site/redirect-table.js'

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext
    outbox: Outbox
    /** The rendered-page cache; null when the site is not served (API-only tests, no build). */
    pageCache: PageCache | null
    /** Old addresses answered 301/410 before any page (site/redirect-table.ts). */
    redirectTable: RedirectTable
    /** What the sign-in and account operations need. */
    auth: AuthDeps
    /** preHandler for the account calls: 401 without a valid bearer token. */
    requireSignedIn: (request: FastifyRequest) => Promise<void>
    /** preHandler for admin routes: 401 without a valid bearer token, 403 until a generated password is changed. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    session: Session | null
  }
}
