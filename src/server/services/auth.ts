import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { LoginCodeInput, LoginInput } from '../../shared/schemas/auth.schema.js'
import type { Db } from '../db/client.js'
import { adminLoginChallenges, adminSessions, admins } from '../db/schema.js'
import { appendAudit } from './audit-log.js'
import { HttpError } from '../errors.js'
import { decoyHash, verifyPassword } from './passwords.js'
import type { AuthDeps, Client, Session } from './auth-context.js'
import { verifySecondFactor } from './two-factor.js'

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
/** …and after this long in any case. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000
/** lastSeenAt is written at most this often, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000
/** Between a right password and its second factor. */
export const CHALLENGE_MS = 5 * 60 * 1000
const CHALLENGE_TRIES = 5

const LOGIN_FAILED = 'Invalid username or password'
export const CODE_FAILED = 'That code is not right'
export const CHALLENGE_GONE = 'This sign-in has expired. Enter your password again.'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export type { AuthDeps, Client, Session } from './auth-context.js'

/** Sign-ins, failed ones too, go to the audit log under the name that was typed (decision 089). */
function recordSignIn(
  db: Db,
  client: Client,
  action: 'sign-in' | 'sign-in-failed',
  who: { id: string | null; username: string },
) {
  return appendAudit(
    db,
    { id: who.id, username: who.username.slice(0, 100), ip: client.ip },
    {
      action,
      kind: 'session',
      recordId: who.id,
      recordLabel: who.username.slice(0, 100),
    },
  )
}

/** A signed-in answer; mustChangePassword only when the admin must choose a new password first. */
export interface SignedIn {
  token: string
  mustChangePassword?: true
}

/** The password was right; the second step (verify-login-code) finishes the sign-in. */
export interface SecondFactorNeeded {
  challenge: string
  message: string
}

export async function login(deps: AuthDeps, input: LoginInput, client: Client): Promise<SignedIn | SecondFactorNeeded> {
  const finish = await deps.throttle.begin(input.username, client.ip)
  const [admin] = await deps.db.select().from(admins).where(eq(admins.username, input.username))
  // Unknown user, wrong password and a deactivated account cost the same and answer the same.
  const ok = (await verifyPassword(input.password, admin?.passwordHash ?? (await decoyHash))) && Boolean(admin)
  if (!ok || !admin || admin.deactivatedAt) {
    await finish('failure')
    await recordSignIn(deps.db, client, 'sign-in-failed', { id: admin?.id ?? null, username: input.username })
    throw new HttpError(401, LOGIN_FAILED)
  }
  if (admin.totpEnabledAt) {
    await finish('pending')
    const challenge = randomBytes(32).toString('base64url')
    await deps.db.insert(adminLoginChallenges).values({
      id: randomUUID(),
      adminId: admin.id,
      tokenHash: hashToken(challenge),
      expiresAt: new Date(Date.now() + CHALLENGE_MS),
    })
    return { challenge, message: 'Enter the code from your authenticator app' }
  }
  await finish('success')
  return signedIn(deps.db, admin, client)
}

/** The second step: a code from the app, or a recovery code, for a challenge from login. */
export async function verifyLoginCode(deps: AuthDeps, input: LoginCodeInput, client: Client): Promise<SignedIn> {
  const { db } = deps
  const [row] = await db
    .select({ challenge: adminLoginChallenges, admin: admins })
    .from(adminLoginChallenges)
    .innerJoin(admins, eq(admins.id, adminLoginChallenges.adminId))
    .where(
      and(
        eq(adminLoginChallenges.tokenHash, hashToken(input.challenge)),
        gt(adminLoginChallenges.expiresAt, new Date()),
      ),
    )
  if (!row || row.admin.deactivatedAt) throw new HttpError(401, CHALLENGE_GONE)
  const { challenge, admin } = row
  const finish = await deps.throttle.begin(admin.username, client.ip)
  // Each challenge allows a few tries; then the password is asked again.
  const [counted] = await db
    .update(adminLoginChallenges)
    .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
    .where(and(eq(adminLoginChallenges.id, challenge.id), lt(adminLoginChallenges.attempts, CHALLENGE_TRIES)))
    .returning({ attempts: adminLoginChallenges.attempts })
  if (!counted) {
    await finish('failure')
    await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.id, challenge.id))
    throw new HttpError(401, CHALLENGE_GONE)
  }
  if (!(await verifySecondFactor(deps, admin, input.code))) {
    await finish('failure')
    await recordSignIn(db, client, 'sign-in-failed', admin)
    if (counted.attempts >= CHALLENGE_TRIES) {
      await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.id, challenge.id))
      throw new HttpError(401, `${CODE_FAILED}. ${CHALLENGE_GONE}`)
    }
    throw new HttpError(401, CODE_FAILED, 'code')
  }
  await finish('success')
  await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.id, challenge.id))
  return signedIn(db, admin, client)
}

async function signedIn(db: Db, admin: typeof admins.$inferSelect, client: Client): Promise<SignedIn> {
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    await tx.insert(adminSessions).values({
      id: randomUUID(),
      adminId: admin.id,
      tokenHash: hashToken(token),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    })
    await recordSignIn(tx, client, 'sign-in', admin)
  })
  return admin.mustChangePassword ? { token, mustChangePassword: true } : { token }
}

/** The session behind a bearer token, or null when it is unknown, expired or revoked. */
export async function authenticate(db: Db, token: string, client: Client): Promise<Session | null> {
  if (!token || token.length > 200) return null
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      adminId: adminSessions.adminId,
      username: admins.username,
      mustChangePassword: admins.mustChangePassword,
      role: admins.role,
      languages: admins.languages,
      canPublish: admins.canPublish,
      totpEnabledAt: admins.totpEnabledAt,
      deactivatedAt: admins.deactivatedAt,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      ip: adminSessions.ip,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, hashToken(token)))
  if (!row) return null
  const now = Date.now()
  // Deactivation deletes the sessions too; this holds should one be made in the same instant.
  if (isExpired(row, now) || row.deactivatedAt) {
    await db.delete(adminSessions).where(eq(adminSessions.id, row.sessionId))
    return null
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS || row.ip !== client.ip) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now), ip: client.ip })
      .where(eq(adminSessions.id, row.sessionId))
  }
  const { sessionId, adminId, username, mustChangePassword, role, languages, canPublish } = row
  return {
    sessionId,
    adminId,
    username,
    mustChangePassword,
    role,
    languages,
    canPublish,
    twoFactor: Boolean(row.totpEnabledAt),
  }
}

export const isExpired = (session: { createdAt: Date; lastSeenAt: Date }, now = Date.now()) =>
  now - session.createdAt.getTime() > SESSION_MAX_MS || now - session.lastSeenAt.getTime() > SESSION_IDLE_MS

export async function logout(db: Db, session: Session, client: Client): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(adminSessions).where(eq(adminSessions.id, session.sessionId))
    await appendAudit(
      tx,
      { id: session.adminId, username: session.username, ip: client.ip },
      {
        action: 'sign-out',
        kind: 'session',
        recordId: session.adminId,
        recordLabel: session.username,
      },
    )
  })
}
