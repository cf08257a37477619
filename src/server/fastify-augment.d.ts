import 'fastify'
import type { Person, Verdict } from './services/access-policy.js'
import type { AuthDeps, Session } from './services/auth.js'
import type { ServiceContext } from './services/context.js'
import type { Outbox } from './delivery/outbox.js'
import type { PageCache } from './site/page-cache.js'
import type { AnswerCache } from './public-api/answer-cache.js'
import type { VisitCounter } from './stats/visit-counter.js'
import type { VisitRecorder } from './stats/visit-recorder.js'
import type { RedirectTable } from './site/redirect-table.js'
import type { AddressInfo } from 'node:net'
import type { Metrics } from './metrics/metrics.js'
import type { SocialCards } from './site/social-cards.js'

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext
    outbox: Outbox
    /** The rendered-page cache; null when the site is not served (API-only tests, no build). */
    pageCache: PageCache | null
    /** The public API's answers, kept until content changes (public-api/answer-cache.ts). */
    answers: AnswerCache
    /** Public page views counted in memory (visitCounter) and written every minute (visits.flush). */
    visitCounter: VisitCounter
    visits: VisitRecorder
    /** Old addresses answered 301/410 before any page (site/redirect-table.ts). */
    redirectTable: RedirectTable
    /** Prometheus metrics (metrics/metrics.ts): registerGauge adds one; does nothing while metrics are off. */
    metrics: Metrics
    /** Where METRICS_PORT's listener listens once the app is ready; null without one. */
    metricsAddress: () => AddressInfo | null
    /** Social cards (site/social-cards.ts): what is being drawn, and how many were. */
    socialCards: SocialCards
    /** Mails due follow-ups to their owners (issue 42); woken when a follow-up is set. */
    enquiryReminders: { wake(): void }
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
