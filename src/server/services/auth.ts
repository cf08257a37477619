import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ChangePasswordInput, LoginInput } from '../../shared/schemas/auth.schema.js'
import type { Db } from '../db/client.js'
import { adminSessions, admins } from '../db/schema.js'
import { HttpError } from '../errors.js'
import type { LoginThrottle } from './login-throttle.js'
import { decoyHash, hashPassword, randomPassword, verifyPassword } from './passwords.js'

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
/** …and after this long in any case. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000

const LOGIN_FAILED = 'Invalid username or password'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export interface Session {
  sessionId: string
  adminId: string
  username: string
}

export async function login(db: Db, throttle: LoginThrottle, input: LoginInput): Promise<{ token: string }> {
  const finish = throttle.begin(input.username)
  let admin: typeof admins.$inferSelect | undefined
  let ok = false
  try {
    ;[admin] = await db.select().from(admins).where(eq(admins.username, input.username))
    // Unknown user and wrong password cost the same and answer the same.
    ok = await verifyPassword(input.password, admin?.passwordHash ?? (await decoyHash))
    ok &&= Boolean(admin)
  } finally {
    finish(ok)
  }
  if (!ok || !admin) throw new HttpError(401, LOGIN_FAILED)
  return { token: await openSession(db, admin.id) }
}

async function openSession(db: Db, adminId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(adminSessions).values({ id: randomUUID(), adminId, tokenHash: hashToken(token) })
  return token
}

/** The session behind a bearer token, or null when it is unknown, expired or revoked. */
export async function authenticate(db: Db, token: string): Promise<Session | null> {
  if (!token || token.length > 200) return null
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      adminId: adminSessions.adminId,
      username: admins.username,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, hashToken(token)))
  if (!row) return null
  const now = Date.now()
  if (now - row.createdAt.getTime() > SESSION_MAX_MS || now - row.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await db.delete(adminSessions).where(eq(adminSessions.id, row.sessionId))
    return null
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(adminSessions.id, row.sessionId))
  }
  return { sessionId: row.sessionId, adminId: row.adminId, username: row.username }
}

export async function logout(db: Db, session: Session): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, session.sessionId))
}

/** Requires the current password; every other session of this admin ends. */
export async function changePassword(db: Db, session: Session, input: ChangePasswordInput): Promise<void> {
  const [admin] = await db.select().from(admins).where(eq(admins.id, session.adminId))
  if (!admin || !(await verifyPassword(input.currentPassword, admin.passwordHash))) {
    throw new HttpError(400, 'Current password is wrong', 'currentPassword')
  }
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(admins.id, admin.id))
    await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, admin.id), ne(adminSessions.id, session.sessionId)))
  })
}

/**
 * At start: the configured admin exists with the configured password (a changed password ends
 * its sessions). With nothing configured and no admin at all, `admin` gets a random password,
 * answered (and printed once by main).
 */
export async function ensureAdmin(
  db: Db,
  log: FastifyBaseLogger,
  configured: { username?: string; password?: string },
): Promise<string | null> {
  if (configured.username && configured.password) {
    const [existing] = await db.select().from(admins).where(eq(admins.username, configured.username))
    if (!existing) {
      await db.insert(admins).values({
        id: randomUUID(),
        username: configured.username,
        passwordHash: await hashPassword(configured.password),
      })
      log.info({ username: configured.username }, 'created the configured admin')
    } else if (!(await verifyPassword(configured.password, existing.passwordHash))) {
      await db.transaction(async (tx) => {
        await tx
          .update(admins)
          .set({ passwordHash: await hashPassword(configured.password!), passwordChangedAt: new Date() })
          .where(eq(admins.id, existing.id))
        await tx.delete(adminSessions).where(eq(adminSessions.adminId, existing.id))
      })
      log.info({ username: configured.username }, 'set the configured admin password; its sessions ended')
    }
    return null
  }
  const [any] = await db.select({ id: admins.id }).from(admins).limit(1)
  if (any) return null
  const password = randomPassword()
  await db.insert(admins).values({ id: randomUUID(), username: 'admin', passwordHash: await hashPassword(password) })
  log.info('created the admin user "admin" with a generated password')
  return password
}
