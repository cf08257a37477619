import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { passwordProblem } from '../../shared/schemas/password.schema.js'
import type { Db } from '../db/client.js'
import { adminLoginChallenges, adminSessions, admins } from '../db/schema.js'
import { clearLoginFailures } from './login-throttle.js'
import { hashPassword, randomPassword, verifyPassword } from './passwords.js'
import { createRateLimits } from './rate-limits.js'
import { turnOffTwoFactor } from './two-factor.js'

// What operators do to the admin account at start and from the shell (`npm run admin`).

export interface ConfiguredAdmin {
  username?: string
  password?: string
  /** ADMIN_PASSWORD_RESET: set the configured password even though the admin exists. */
  reset?: boolean
}

/** A configured password that breaks the password rules stops the start, naming the variable. */
function checkConfiguredPassword(username: string, password: string) {
  const problem = passwordProblem(password, username, 'ADMIN_PASSWORD')
  if (problem) throw new Error(`Invalid environment:\n  ADMIN_PASSWORD: ${problem}`)
}

/**
 * At start. ADMIN_USERNAME/ADMIN_PASSWORD create that admin when it does not exist, and are
 * otherwise left alone (a password the admin changed stays changed), unless ADMIN_PASSWORD_RESET
 * is set. With nothing configured and no admin at all, `admin` gets a generated password that
 * must be changed at the first sign-in; it is answered, for main to print once.
 */
export async function ensureAdmin(db: Db, log: FastifyBaseLogger, configured: ConfiguredAdmin): Promise<string | null> {
  const { username, password } = configured
  if (username && password) {
    const [existing] = await db.select().from(admins).where(eq(admins.username, username))
    if (!existing) {
      checkConfiguredPassword(username, password)
      await db.insert(admins).values({ id: randomUUID(), username, passwordHash: await hashPassword(password) })
      log.info({ username }, 'created the configured admin')
    } else if (configured.reset) {
      log.warn({ username }, 'ADMIN_PASSWORD_RESET is set: remove it once you have signed in')
      if (!(await verifyPassword(password, existing.passwordHash))) {
        checkConfiguredPassword(username, password)
        await setPassword(db, existing.id, await hashPassword(password), false)
        await liftThrottle(db, username)
        log.warn({ username }, 'reset the admin password to ADMIN_PASSWORD; its sessions ended')
      }
    }
    return null
  }
  const [any] = await db.select({ id: admins.id }).from(admins).limit(1)
  if (any) return null
  const generated = randomPassword()
  await db.insert(admins).values({
    id: randomUUID(),
    username: 'admin',
    passwordHash: await hashPassword(generated),
    mustChangePassword: true,
  })
  log.info('created the admin user "admin" with a generated password')
  return generated
}

async function setPassword(db: Db, adminId: string, passwordHash: string, mustChangePassword: boolean) {
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword })
      .where(eq(admins.id, adminId))
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, adminId))
    await tx.delete(adminLoginChallenges).where(eq(adminLoginChallenges.adminId, adminId))
  })
}

/** An operator's reset also lifts the throttle, so the owner can sign in at once. */
const liftThrottle = (db: Db, username: string) => clearLoginFailures(createRateLimits(db), username)

export class UnknownAdmin extends Error {}

async function findAdmin(db: Db, username: string) {
  const [admin] = await db.select().from(admins).where(eq(admins.username, username))
  if (admin) return admin
  const known = (await db.select({ username: admins.username }).from(admins)).map((a) => a.username)
  throw new UnknownAdmin(`No admin is named "${username}". Admins: ${known.join(', ') || 'none'}.`)
}

/** `npm run admin -- reset-password <user>`: a generated password, to be changed at the next sign-in. */
export async function resetPasswordByOperator(db: Db, username: string): Promise<string> {
  const admin = await findAdmin(db, username)
  const generated = randomPassword()
  await setPassword(db, admin.id, await hashPassword(generated), true)
  await liftThrottle(db, admin.username)
  return generated
}

/** `npm run admin -- disable-2fa <user>`: for an owner who lost the phone and the recovery codes. */
export async function disableTwoFactorByOperator(db: Db, username: string): Promise<void> {
  const admin = await findAdmin(db, username)
  await turnOffTwoFactor(db, admin.id)
  await db.delete(adminSessions).where(eq(adminSessions.adminId, admin.id))
  await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.adminId, admin.id))
  await liftThrottle(db, admin.username)
}
