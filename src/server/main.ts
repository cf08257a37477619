import cluster from 'node:cluster'
import path from 'node:path'
import { buildApp, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from './app.js'
import { serveBackups } from './backup/backup-socket.js'
import { scheduleBackups } from './backup/scheduled-backups.js'
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js'
import { openDatabase } from './db/client.js'
import { ensureLeadTexts, ensureVisitCountingText, markLeadTextsDone } from './seed/lead-pages.js'
import { fillMemoryFromPublished } from './translation/memory-backfill.js'
import { prepareDatabase, seedOnce, STARTUP_LOCK } from './startup/prepare-database.js'
import { type Env, parseEnv } from './env.js'
import { seedDemoContent } from './seed/seed-demo.js'
import { ensureAdmin } from './services/admin-accounts.js'
import { closeOnSignals } from './shutdown.js'
import { type CacheThread, newCacheThreadToken, startCacheThread } from './cache-thread/start.js'
import { countCacheThreadHeap } from './metrics/memory-parts.js'
import {
  refuseCacheThreadWithWorkers,
  refuseWorkersWithoutPostgres,
  StartupRefusal,
  superviseWorkers,
  workerCount,
} from './workers.js'

async function main() {
  const env = parseEnv()
  const workers = workerCount(env)
  refuseWorkersWithoutPostgres(env, workers)
  refuseCacheThreadWithWorkers(env, workers)
  if (workers > 1 && cluster.isPrimary) return superviseWorkers(workers)
  await serve(env)
}

async function serve(env: Env) {
  // Only the embedded database lives in DATA_DIR; on PostgreSQL instances may share the folder.
  const lock = env.DATABASE_URL ? null : await lockDataDir(env.DATA_DIR)
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'db') },
  )
  // Instances starting together take turns: one migrates and seeds, the others find it done.
  const cacheThreadToken = env.CACHE_THREAD ? newCacheThreadToken() : undefined
  const app = await database.exclusive(STARTUP_LOCK, async () => {
    const { needsSeed } = await prepareDatabase(database)
    const app = await buildApp({ env, database, warmUp: true, cacheThreadToken })
    if (needsSeed && env.SEED_DEMO) await seedOnce(database, () => seedDemoContent(app.ctx))
    // Sites made before issue 11 get the privacy page and the forms' es/sv text once. An empty
    // site stays empty (a restore needs it so) and shows the built-in texts: nothing to add later.
    else if (needsSeed) await markLeadTextsDone(database.db)
    else await ensureLeadTexts(app.ctx)
    // The privacy page says how visits are counted (issue 25) in every language it ships with.
    await ensureVisitCountingText(app.ctx)
    const generated = await ensureAdmin(database.db, app.log, {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
      reset: env.ADMIN_PASSWORD_RESET,
    })
    // Printed whatever LOG_LEVEL says: this is the only way the operator learns the password.
    if (generated)
      console.warn(
        `Created admin user "admin" with password ${generated} (it must be changed at the first sign-in; set ADMIN_USERNAME/ADMIN_PASSWORD to choose your own)`,
      )
    return app
  })
  if (env.DATABASE_URL && !env.ENCRYPTION_KEY)
    app.log.warn(
      'ENCRYPTION_KEY is not set: two-factor secrets are encrypted with DATA_DIR/secret.key; with several servers on one database, set the same ENCRYPTION_KEY on each',
    )

  // Backups: `npm run backup` reaches the embedded database through this server; BACKUP_DIR
  // gets one every BACKUP_INTERVAL_HOURS.
  const backupSource = { database, store: app.ctx.images.store }
  const backupSocket = lock ? await serveBackups(env.DATA_DIR, backupSource, app.log) : null
  const schedule = env.BACKUP_DIR
    ? scheduleBackups({
        ...backupSource,
        dir: env.BACKUP_DIR,
        intervalMs: env.BACKUP_INTERVAL_HOURS * 3_600_000,
        keep: env.BACKUP_KEEP,
        log: app.log,
      })
    : null

  // With CACHE_THREAD, Fastify listens on loopback and the thread on the public address.
  let cacheThread: CacheThread | undefined
  closeOnSignals({
    app,
    cacheThread: () => cacheThread,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    closeSteps: [
      {
        name: 'stopping backups',
        run: async () => void (await Promise.all([schedule?.stop(), backupSocket?.close()])),
      },
      { name: 'closing the database', run: () => database.close() },
      { name: 'releasing the data folder', run: async () => lock?.release() },
    ],
  })
  if (cacheThreadToken) {
    const upstream = await app.listen({ port: 0, host: '127.0.0.1' })
    cacheThread = await startCacheThread({
      port: env.PORT,
      host: env.HOST,
      upstreamPort: Number(new URL(upstream).port),
      token: cacheThreadToken,
      keepForwarded: env.TRUST_PROXY !== false,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      cache: app.pageCache,
      redirects: app.redirectTable,
      countView: app.visitCounter.count,
      log: app.log,
    })
    countCacheThreadHeap(cacheThread.heapBytes)
    app.log.info(`Cache thread listening at ${cacheThread.address}`)
  } else await app.listen({ port: env.PORT, host: env.HOST })
  // Once, in the background: translations published before the memory kept every save.
  fillMemoryFromPublished(database.db).then(
    (read) => read > 0 && app.log.info({ translations: read }, 'translation memory filled from published translations'),
    (error: unknown) => app.log.warn({ err: error }, 'could not fill the translation memory'),
  )
}

main().catch((error: Error) => {
  // A bad environment, a locked data folder, WORKERS without PostgreSQL: say so plainly.
  const plain =
    error instanceof StartupRefusal ||
    error instanceof DataDirInUseError ||
    error.message.startsWith('Invalid environment')
  console.error(plain ? error.message : error)
  process.exit(1)
})
