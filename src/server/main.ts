import path from 'node:path'
import { buildApp } from './app.js'
import { lockDataDir } from './data-dir-lock.js'
import { openDatabase } from './db/client.js'
import { prepareDatabase, seedOnce } from './db/prepare.js'
import { seedDemoContent } from './db/seed/seed-demo.js'
import { parseEnv } from './env.js'
import { ensureAdmin } from './services/auth.js'

// Below the usual 30 s an orchestrator waits before SIGKILL.
const SHUTDOWN_GRACE_MS = 25_000

async function main() {
  const env = parseEnv()
  const lock = await lockDataDir(env.DATA_DIR)
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'db') },
  )
  const { needsSeed } = await prepareDatabase(database)
  const app = await buildApp({ env, database })
  if (needsSeed && env.SEED_DEMO) await seedOnce(database, () => seedDemoContent(app.ctx))
  const generated = await ensureAdmin(database.db, app.log, {
    username: env.ADMIN_USERNAME,
    password: env.ADMIN_PASSWORD,
  })
  // Printed whatever LOG_LEVEL says: this is the only way the operator learns the password.
  if (generated)
    console.warn(
      `Created admin user "admin" with password ${generated} (set ADMIN_USERNAME/ADMIN_PASSWORD to choose your own)`,
    )

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    // Node closes only the keep-alive connections idle at the moment of close; one whose response
    // is still going out would then stay open for the whole keep-alive timeout, past the grace.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100)
    closeIdle.unref()
    try {
      await app.close() // stops accepting, lets requests in flight finish
      clearInterval(closeIdle)
      await database.close()
      await lock.release()
      process.exit(0)
    } catch (error) {
      app.log.error(error, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: env.PORT, host: env.HOST })
}

main().catch((error: Error) => {
  // A bad environment or a locked data folder: say so plainly, without a stack.
  console.error(
    error.message.startsWith('Invalid environment') || error.message.includes('data folder') ? error.message : error,
  )
  process.exit(1)
})
