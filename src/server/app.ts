import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { or } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { accountRoutes } from './api/account.js'
import { authRoutes } from './api/auth.js'
import { enquiryRoutes } from './api/enquiries.js'
import { enquiryWorkspaceRoutes } from './api/enquiry-workspace.js'
import { createEnquiryMailSender } from './mail/enquiry-event-mail.js'
import { clearImapState, createImapWatcher } from './mail/imap-watcher.js'
import { createEnquiryReminders } from './services/enquiry-reminders.js'
import { auditLogRoutes } from './api/audit-log.js'
import { translationWorkbenchRoutes } from './api/translation-workbench.js'
import { machineTranslationRoutes } from './api/machine-translation.js'
import { providerFromEnv } from './translation/providers/index.js'
import { translationJobRoutes } from './api/translation-jobs.js'
import { createMachineJobRunner } from './translation/jobs/machine-runner.js'
import { teamRoutes } from './api/team.js'
import { healthRoutes } from './api/health.js'
import { imageRoutes } from './api/images.js'
import { languageRoutes } from './api/languages.js'
import { projectRoutes } from './api/projects.js'
import { redirectRoutes } from './api/redirects.js'
import { seoReportRoutes } from './api/seo-report.js'
import { reviewRoutes } from './api/reviews.js'
import { siteSettingsRoutes } from './api/site-settings.js'
import { translationPageRoutes } from './api/translation-pages.js'
import { publishingRoutes } from './api/publishing.js'
import { previewRoutes } from './api/preview.js'
import { uploadedFileRoutes } from './api/uploaded-files.js'
import type { Database } from './db/client.js'
import type { Env } from './env.js'
import { createIndexNow } from './delivery/indexnow.js'
import { createOutbox } from './delivery/outbox.js'
import { createMailSender } from './mail/mail-sender.js'
import { createInvitationSender } from './mail/invitation-mail.js'
import { createLeadWebhookSender } from './delivery/lead-webhook.js'
import { createContentSync } from './content-sync.js'
import { registerAuth } from './plugins/auth.js'
import { createAnswerCache } from './public-api/answer-cache.js'
import { registerAnswerCacheMetrics, registerBacklogMetrics, registerPageCacheMetrics } from './metrics/app-metrics.js'
import { measureRequests } from './metrics/http-metrics.js'
import { registerMemoryMetrics } from './metrics/memory-parts.js'
import { serveMetrics } from './metrics/metrics-endpoint.js'
import { createMetrics } from './metrics/metrics.js'
import { registerErrorHandler } from './plugins/error-handler.js'
import { databaseRateLimitStore } from './plugins/rate-limit-store.js'
import { registerSecurity } from './plugins/security.js'
import { fastifyTrustProxy } from './trust-proxy.js'
import { acceptFromCacheThread } from './cache-thread/from-thread.js'
import type { ServiceContext } from './services/context.js'
import { SYSTEM_ACTOR } from './services/actor.js'
import { referencesImage } from './services/image-fields.js'
import { pageSeoHoldsImage } from './services/publishing/page-texts.js'
import { isProjectGone, PROJECT_IMAGES } from './services/projects.js'
import { createPublishScheduler } from './services/publishing/scheduler.js'
import { createPreviews } from './site/preview-site.js'
import { REVIEW_IMAGES } from './services/reviews.js'
import type { AuthDeps } from './services/auth.js'
import { createHousekeeping } from './services/housekeeping.js'
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE, type LoginThrottleOptions } from './services/login-throttle.js'
import { createRateLimits } from './services/rate-limits.js'
import { loadSecretBox } from './services/secret-box.js'
import type { PageCache } from './site/page-cache.js'
import { createSiteData } from './site/site-data.js'
import { createRedirectTable } from './site/redirect-table.js'
import { createSocialCards } from './site/social-cards.js'
import { createCardQueue } from './site/card-queue.js'
import { isWarmUpRequest, scheduleWarmUp } from './site/warm-up.js'
import { registerSite } from './site/ssr.js'
import { answerFromCache } from './site/page-response.js'
import { statsRoutes } from './api/stats.js'
import { createVisitCounter } from './stats/visit-counter.js'
import { createVisitRecorder } from './stats/visit-recorder.js'
import { createImageService } from './storage/image-service.js'
import { keepEncodedImagesIn } from './storage/encoded-images.js'
import type { ImageStore } from './storage/image-store.js'
import { imageStoreFromEnv } from './storage/store-from-env.js'

/** A client that sends its headers this slowly is not a browser. */
export const HEADERS_TIMEOUT_MS = 20_000
/**
 * Longer than the 60 s proxies and browsers keep an idle connection: the client always closes
 * first, so it never sends a request on a connection this server is closing (Node's own 5 s made
 * reused connections fail with ECONNRESET). Fastify's default.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000

export interface AppOptions {
  env: Env
  /** Opened and migrated by the caller, who also closes it after the app. */
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Defaults to S3 when S3_BUCKET is set, else UPLOADS_DIR. */
  store?: ImageStore
  limits?: Partial<Limits>
  /** First retry delay of the outbox (default MAIL_RETRY_SECONDS). */
  mailRetryBaseMs?: number
  /** First retry delay of IndexNow submissions (default MAIL_RETRY_SECONDS). */
  indexNowRetryBaseMs?: number
  /** How often the shared content version is checked (the backstop for lost notifications). */
  contentCheckIntervalMs?: number
  /** CACHE_THREAD: visitors reach Fastify through the cache thread, which sends this token (decision 163). */
  cacheThreadToken?: string
  /** Serve the React Router site (needs a build); false for API-only tests. */
  site?: boolean
  /** The publish scheduler's longest wait between looks (tests shorten it). */
  schedulePollMs?: number
  /** The machine translation jobs' longest wait between looks (tests shorten it). */
  machineJobPollMs?: number
  /** The reminders' and the mailbox watcher's longest wait between looks (tests shorten it). */
  enquiryPollMs?: number
  /** Fill the page cache after the start (site/warm-up.ts): the server's own start, not tests'. */
  warmUp?: boolean
}

export interface Limits {
  loginPerIpPerMinute: number
  sendEmailPerIpPer15Min: number
  /** Sign-in throttling (login-throttle.ts); tests shorten the delays. */
  loginThrottle: Partial<LoginThrottleOptions>
  /** Wrong current passwords in a row that end the session they were typed in. */
  reauthFailuresBeforeSignOut: number
  /** How often expired sessions and counters are deleted. */
  sweepEveryMs?: number
}

// A public answer's encoding larger than this (the uncompressed whole lists of a large site) is
// kept in a file under DATA_DIR rather than in memory (decision 070).
const SPILL_OVER_BYTES = 1024 * 1024

const DEFAULT_LIMITS = {
  loginThrottle: {},
  reauthFailuresBeforeSignOut: 5,
}

// Request log lines name the method and path only: query strings and addresses are the visitor's.
const REQUEST_LOG_SERIALIZERS = {
  req: (request: { method: string; url: string }) => ({ method: request.method, path: request.url.split('?')[0] }),
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options
  const limits = {
    ...DEFAULT_LIMITS,
    loginPerIpPerMinute: env.LOGIN_PER_IP_PER_MINUTE,
    sendEmailPerIpPer15Min: env.ENQUIRIES_PER_IP_PER_15_MIN,
    ...options.limits,
  }
  // Cached pages are answered before Fastify sees the request (their headers are stored with them).
  let fromCache: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined
  // Old addresses are answered before the cache: a redirected path is never a page.
  const redirectTable = createRedirectTable(database.db)
  const fromCacheThread = options.cacheThreadToken ? acceptFromCacheThread(options.cacheThreadToken) : undefined
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL, serializers: REQUEST_LOG_SERIALIZERS },
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: isWarmUpRequest }),
    // Off unless the operator names the proxies (TRUST_PROXY); see trust-proxy.ts.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY, fromCacheThread !== undefined),
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify applies none of its server options to a server it is given: they are set here.
    serverFactory: (handler) => {
      const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS }, (request, response) => {
        fromCacheThread?.(request)
        if (!redirectTable.answer(request, response) && !fromCache?.(request, response)) handler(request, response)
      })
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
      return server
    },
  })

  // Prometheus metrics, when the operator turned them on (decision 127).
  const metrics = createMetrics(Boolean(env.METRICS_TOKEN) || env.METRICS_PORT !== undefined)
  app.decorate('metrics', metrics)
  measureRequests(app, metrics)
  serveMetrics(app, metrics, { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.HOST })

  // The app's own services (after the external plugins below) need these first.
  let pageCache: PageCache | null = null
  let siteData: ReturnType<typeof createSiteData> | null = null
  // The public API's answers (decision 070).
  const answers = createAnswerCache({
    maxBytes: env.API_CACHE_MB * 1024 * 1024,
    maxDiskBytes: env.API_CACHE_DISK_MB * 1024 * 1024,
    spillOverBytes: SPILL_OVER_BYTES,
    spillDir: path.join(env.DATA_DIR, 'answer-cache'),
  })
  // The one way rendered pages and public answers turn stale: after a change made here, and when
  // content changed through another instance (told, possibly missed while reconnecting, or seen
  // by the check). Whatever calls ctx.contentChanged() (publishing too) goes through here.
  const invalidatePages = () => {
    siteData?.forget()
    pageCache?.invalidate()
    answers.invalidate()
    redirectTable.reload().catch((error) => app.log.error({ err: error }, 'could not read the redirects'))
  }
  const contentSync = createContentSync({
    database,
    log: app.log.child({ component: 'content-sync' }),
    onRemoteChange: invalidatePages,
    checkIntervalMs: options.contentCheckIntervalMs,
  })

  // External plugins first.
  await registerSecurity(app)
  await app.register(compress, { threshold: 1024 })
  // Counted in the database, so every instance sees the same counts and restarts forget nothing.
  const rateLimits = createRateLimits(database.db)
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(rateLimits) })
  await app.register(multipart, {
    limits: {
      fileSize: env.UPLOAD_MAX_FILE_MB * 1024 * 1024,
      files: env.UPLOAD_MAX_FILES,
      fields: 200,
      fieldSize: 1024 * 1024,
      parts: env.UPLOAD_MAX_FILES + 200,
    },
  })
  registerErrorHandler(app, { maxFileMb: env.UPLOAD_MAX_FILE_MB })

  keepEncodedImagesIn(env.IMAGE_CACHE_DIR)
  const images = createImageService({
    db: database.db,
    store: options.store ?? imageStoreFromEnv(env),
    maxPixels: env.UPLOAD_MAX_PIXELS,
    log: app.log,
    isReferenced: (path) =>
      or(referencesImage(PROJECT_IMAGES, path), referencesImage(REVIEW_IMAGES, path), pageSeoHoldsImage(path))!,
    onVariantsMade: () => ctx.contentChanged(),
    releasedKeepMs: env.RELEASED_IMAGES_KEEP_MINUTES * 60_000,
  })
  const indexNow = createIndexNow({
    db: database.db,
    log: app.log.child({ component: 'indexnow' }),
    key: env.INDEXNOW_KEY,
    endpoint: env.INDEXNOW_URL,
    publicUrl: env.PUBLIC_URL,
    retryBaseMs: options.indexNowRetryBaseMs ?? env.MAIL_RETRY_SECONDS * 1000,
    leaseMs: env.DELIVERY_LEASE_SECONDS * 1000,
  })
  const ctx: ServiceContext = {
    indexNow,
    db: database.db,
    images,
    log: app.log,
    actor: SYSTEM_ACTOR,
    // Rendered pages turn stale when anything public changes, here or on another instance; the
    // addresses a change recorded for search engines go out now that it has committed.
    contentChanged: () => {
      invalidatePages()
      contentSync.announce()
      if (indexNow.enabled) indexNow.wake()
      cardQueue.wake()
    },
    pagesChanged: (paths) => cardQueue.pagesChanged(paths),
    publishing: {
      versions: { keep: env.VERSIONS_KEEP, maxDays: env.VERSIONS_MAX_DAYS },
      trashDays: env.TRASH_DAYS,
      previewLinkHours: env.PREVIEW_LINK_HOURS,
      requireMachineReview: env.MT_REQUIRE_REVIEW,
      publicUrl: env.PUBLIC_URL,
      scheduled: () => scheduler.wake(),
    },
  }
  const scheduler = createPublishScheduler({ ctx, pollMs: options.schedulePollMs })
  // Machine translation jobs (issue 41): claimed item by item, so every instance may run them.
  const machineJobs = createMachineJobRunner({
    ctx,
    setup: { provider: providerFromEnv(env), monthlyLimit: env.MT_MONTHLY_CHARACTERS ?? null },
    leaseMs: env.MT_JOB_LEASE_SECONDS * 1000,
    pollMs: options.machineJobPollMs,
  })
  app.decorate('ctx', ctx)
  app.decorate('answers', answers)
  const secrets = await loadSecretBox({ encryptionKey: env.ENCRYPTION_KEY, dataDir: env.DATA_DIR })
  app.decorate('redirectTable', redirectTable)
  app.decorate(
    'outbox',
    createOutbox({
      db: database.db,
      log: app.log.child({ component: 'outbox' }),
      senders: {
        mail: createMailSender({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, to: env.CONTACT_TO }),
        webhook: createLeadWebhookSender({ url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET }),
        invitation: createInvitationSender({
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          publicUrl: env.PUBLIC_URL,
          secrets,
        }),
        'enquiry-mail': createEnquiryMailSender({
          db: database.db,
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          publicUrl: env.PUBLIC_URL,
        }),
      },
      retryBaseMs: options.mailRetryBaseMs ?? env.MAIL_RETRY_SECONDS * 1000,
      leaseMs: env.DELIVERY_LEASE_SECONDS * 1000,
    }),
  )
  const enquiryReminders = createEnquiryReminders({
    ctx,
    sent: () => app.outbox.wake(),
    pollMs: options.enquiryPollMs,
  })
  app.decorate('enquiryReminders', enquiryReminders)
  const imapUrl = env.IMAP_URL
  const imapWatcher = imapUrl
    ? createImapWatcher({
        db: database.db,
        url: imapUrl,
        mailFrom: env.MAIL_FROM,
        log: app.log.child({ component: 'imap' }),
        pollMs: options.enquiryPollMs ?? env.IMAP_POLL_SECONDS * 1000,
        attached: () => app.outbox.wake(),
      })
    : null
  const auth: AuthDeps = {
    db: database.db,
    limits: rateLimits,
    throttle: createLoginThrottle(rateLimits, { ...DEFAULT_LOGIN_THROTTLE, ...limits.loginThrottle }),
    secrets,
    log: app.log.child({ component: 'auth' }),
    reauthFailuresBeforeSignOut: limits.reauthFailuresBeforeSignOut,
  }
  app.decorate('auth', auth)
  registerAuth(app)
  const previews = createPreviews(ctx, auth.secrets)
  const housekeeping = createHousekeeping({
    db: database.db,
    limits: rateLimits,
    log: app.log,
    everyMs: limits.sweepEveryMs,
    enquiryRetentionMonths: env.ENQUIRY_RETENTION_MONTHS,
    statsRetentionMonths: env.STATS_RETENTION_MONTHS,
    auditRetentionMonths: env.AUDIT_RETENTION_MONTHS,
  })
  // Public page views, counted in memory on the serving path and written every minute (decision 095).
  const visitCounter = createVisitCounter({ publicUrl: env.PUBLIC_URL })
  const visits = createVisitRecorder({ db: database.db, counter: visitCounter, log: app.log })
  app.decorate('visitCounter', visitCounter)
  app.decorate('visits', visits)

  // Then routes.
  await app.register(healthRoutes, { ping: database.ping })
  // Social cards are drawn when a publish touches their page, or when their address is first asked
  // for (the image route draws it then), never after a render (decision 128).
  const socialCards = createSocialCards({
    store: images.store,
    origin: env.PUBLIC_URL,
    companyName: async () => (await siteData!.settings()).companyName,
    log: app.log.child({ component: 'social-cards' }),
  })
  const cardQueue = createCardQueue({
    cards: socialCards,
    refreshPage: (key) => pageCache?.refresh(key) ?? null,
    idle: () => !pageCache || pageCache.rendering === 0,
    log: app.log.child({ component: 'social-cards' }),
  })
  app.decorate('socialCards', socialCards)
  await app.register(uploadedFileRoutes, { drawing: socialCards.ready })
  await app.register(previewRoutes, { previews })
  // IndexNow's proof of ownership: the key, at /{key}.txt.
  const indexNowKey = env.INDEXNOW_KEY
  if (indexNowKey)
    app.get(`/${indexNowKey}.txt`, async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(indexNowKey),
    )
  await app.register(
    async (api) => {
      await api.register(authRoutes, { loginPerIpPerMinute: limits.loginPerIpPerMinute })
      await api.register(accountRoutes)
      await api.register(languageRoutes)
      await api.register(projectRoutes)
      await api.register(reviewRoutes)
      await api.register(translationPageRoutes)
      await api.register(publishingRoutes)
      await api.register(imageRoutes)
      await api.register(siteSettingsRoutes)
      await api.register(redirectRoutes, { publicUrl: env.PUBLIC_URL })
      await api.register(seoReportRoutes, { publicUrl: env.PUBLIC_URL })
      await api.register(enquiryRoutes, { sendEmailPerIpPer15Min: limits.sendEmailPerIpPer15Min })
      await api.register(enquiryWorkspaceRoutes, { mailFrom: env.MAIL_FROM, publicUrl: env.PUBLIC_URL })
      await api.register(statsRoutes)
      await api.register(teamRoutes, { acceptPerIpPerMinute: limits.loginPerIpPerMinute })
      await api.register(auditLogRoutes)
      await api.register(translationWorkbenchRoutes)
      await api.register(machineTranslationRoutes, {
        provider: providerFromEnv(env),
        monthlyLimit: env.MT_MONTHLY_CHARACTERS ?? null,
      })
      await api.register(translationJobRoutes, {
        maxFileBytes: env.UPLOAD_MAX_FILE_MB * 1024 * 1024,
        wake: () => machineJobs.wake(),
      })
    },
    { prefix: '/api/admin' },
  )

  pageCache =
    options.site === false
      ? null
      : await registerSite(app, {
          site: (siteData = createSiteData(ctx, app.outbox, {
            publicUrl: env.PUBLIC_URL,
            whatsappNumber: env.WHATSAPP_NUMBER,
          })),
          publicUrl: env.PUBLIC_URL,
          postsPerIpPer15Min: limits.sendEmailPerIpPer15Min,
          cacheMaxEntries: env.PAGE_CACHE_MAX_PAGES,
          cacheMaxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
          countView: visitCounter.count,
          previews,
          isProjectGone: (slug) => isProjectGone(ctx.db, slug),
          rewriteCards: socialCards.rewrite,
          onRender: metrics.observeRender,
        })
  if (pageCache) {
    const cache = pageCache
    fromCache = answerFromCache(
      (key) => cache.lookup(key),
      (request, entry) => visitCounter.count(request, entry.page.status, entry.page.headers['content-type']),
    )
  }
  // A cache that keeps nothing (PAGE_CACHE_MB=0) has nothing to fill.
  if (pageCache && siteData && options.warmUp && env.PAGE_CACHE_MB > 0) {
    scheduleWarmUp(app, pageCache, siteData, env.PAGE_CACHE_MAX_PAGES)
  }
  app.decorate('pageCache', pageCache)
  registerPageCacheMetrics(metrics, () => pageCache)
  registerAnswerCacheMetrics(metrics, answers)
  registerBacklogMetrics(metrics, database.db)
  registerMemoryMetrics(metrics, database.wasmMemoryBytes)
  metrics.registerGauge({
    name: 'social_card_pages_waiting',
    help: 'Pages a publish touched whose social cards are still to be drawn (decision 128)',
    read: () => cardQueue.waiting,
  })

  app.addHook('onReady', async () => {
    await app.redirectTable.reload()
    app.outbox.start()
    indexNow.start()
    images.startBackgroundWork()
    housekeeping.start()
    // Before the server listens: a page rendered before it is subscribed would be dropped then.
    await contentSync.start()
    visits.start()
    scheduler.start()
    machineJobs.start()
    enquiryReminders.start()
    if (imapWatcher) imapWatcher.start()
    else await clearImapState(database.db)
  })
  app.addHook('onClose', async () => {
    await scheduler.stop()
    await machineJobs.stop()
    await enquiryReminders.stop()
    await imapWatcher?.stop()
    // The last views (the server stopped taking requests) are written before the database closes.
    await visits.stop()
    await housekeeping.stop()
    await app.outbox.stop()
    await indexNow.stop()
    await images.stopBackgroundWork()
    await cardQueue.stop()
    await socialCards.stop()
    await answers.stop()
    await contentSync.stop()
  })
  return app
}
