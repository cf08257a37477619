import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import path from 'node:path'
import { authRoutes } from './api/auth.js'
import { enquiryRoutes } from './api/enquiries.js'
import { healthRoutes } from './api/health.js'
import { imageRoutes } from './api/images.js'
import { languageRoutes } from './api/languages.js'
import { projectRoutes } from './api/projects.js'
import { reviewRoutes } from './api/reviews.js'
import { translationPageRoutes } from './api/translation-pages.js'
import { uploadedFileRoutes } from './api/uploaded-files.js'
import type { Database } from './db/client.js'
import type { Env } from './env.js'
import { createOutbox } from './mail/outbox.js'
import { registerAuth } from './plugins/auth.js'
import { registerErrorHandler } from './plugins/error-handler.js'
import { registerSecurity } from './plugins/security.js'
import type { ServiceContext } from './services/context.js'
import { createLoginThrottle } from './services/login-throttle.js'
import { answerFromCache, createPageCache } from './site/page-cache.js'
import { createSiteData } from './site/site-data.js'
import { registerSite } from './site/ssr.js'
import { createImageService } from './storage/image-service.js'
import type { ImageStore } from './storage/image-store.js'
import { createLocalImageStore } from './storage/local-image-store.js'
import { createS3ImageStore } from './storage/s3-image-store.js'

export interface AppOptions {
  env: Env
  /** Opened and migrated by the caller, who also closes it after the app. */
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Defaults to S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
  store?: ImageStore
  limits?: Partial<Limits>
  /** First retry delay of the mail outbox. */
  mailRetryBaseMs?: number
  /** Serve the React Router site (needs a build); false for API-only tests. */
  site?: boolean
}

export interface Limits {
  loginPerIpPerMinute: number
  loginFailuresBeforeLock: number
  loginLockMs: number
  sendEmailPerIpPer15Min: number
}

const DEFAULT_LIMITS = {
  loginFailuresBeforeLock: 5,
  loginLockMs: 15 * 60 * 1000,
}

export function imageStoreFromEnv(env: Env): ImageStore {
  if (env.S3_BUCKET) {
    return createS3ImageStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    })
  }
  return createLocalImageStore(path.join(env.DATA_DIR, 'uploads'))
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options
  const limits = {
    ...DEFAULT_LIMITS,
    loginPerIpPerMinute: env.LOGIN_PER_IP_PER_MINUTE,
    sendEmailPerIpPer15Min: env.ENQUIRIES_PER_IP_PER_15_MIN,
    ...options.limits,
  }
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: env.NODE_ENV === 'production' ? 'loopback' : false,
    routerOptions: { ignoreTrailingSlash: true },
  })

  // Cached pages are answered before anything else runs (their headers are stored with them).
  const pageCache = createPageCache()
  if (options.site !== false) app.addHook('onRequest', answerFromCache(pageCache))

  // External plugins first.
  await registerSecurity(app)
  await app.register(compress, { threshold: 1024 })
  await app.register(rateLimit, { global: false })
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

  // Then the app's own services.
  const images = createImageService({
    db: database.db,
    store: options.store ?? imageStoreFromEnv(env),
    maxPixels: env.UPLOAD_MAX_PIXELS,
    log: app.log,
  })
  const ctx: ServiceContext = {
    db: database.db,
    images,
    log: app.log,
    // Rendered pages are kept until anything public changes.
    contentChanged: () => pageCache.clear(),
  }
  app.decorate('ctx', ctx)
  app.decorate(
    'outbox',
    createOutbox({
      db: database.db,
      log: app.log.child({ component: 'outbox' }),
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      to: env.CONTACT_TO,
      retryBaseMs: options.mailRetryBaseMs,
    }),
  )
  app.decorate(
    'loginThrottle',
    createLoginThrottle({ maxFailures: limits.loginFailuresBeforeLock, lockMs: limits.loginLockMs }),
  )
  registerAuth(app)

  // Then routes.
  await app.register(healthRoutes, { ping: database.ping })
  await app.register(uploadedFileRoutes)
  await app.register(
    async (api) => {
      await api.register(authRoutes, { loginPerIpPerMinute: limits.loginPerIpPerMinute })
      await api.register(languageRoutes)
      await api.register(projectRoutes)
      await api.register(reviewRoutes)
      await api.register(translationPageRoutes)
      await api.register(imageRoutes)
      await api.register(enquiryRoutes, { sendEmailPerIpPer15Min: limits.sendEmailPerIpPer15Min })
    },
    { prefix: '/api/admin' },
  )

  if (options.site !== false) {
    await registerSite(app, {
      site: createSiteData(ctx, app.outbox, env.PUBLIC_URL),
      cache: pageCache,
      postsPerIpPer15Min: limits.sendEmailPerIpPer15Min,
    })
  }

  app.addHook('onReady', async () => {
    app.outbox.start()
    images.startBackgroundWork()
  })
  app.addHook('onClose', async () => {
    await app.outbox.stop()
    await images.stopBackgroundWork()
  })
  return app
}
