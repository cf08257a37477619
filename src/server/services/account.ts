import { and, count, eq, isNull, ne } from 'drizzle-orm'
import type { ChangePasswordInput } from '../../shared/schemas/password.schema.js'
import type { AccountSummary } from '../../shared/types.js'
import { adminRecoveryCodes, adminSessions, admins } from '../db/schema.js'
import { HttpError } from '../errors.js'
import type { AuthDeps, Client, Session } from './auth-context.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { permissionsOf } from './access-policy.js'
import { getSignInRules } from './sign-in-rules.js'

export const SESSION_ENDED_BY_GUESSES = 'Too many wrong passwords: this session has ended. Please sign in again.'

const strikesKey = (session: Session) => `reauth:${session.sessionId}`

/**
 * The password typed again inside a session (change of password, two-factor changes). Failures
 * count against the sign-in throttle like failed logins, and several in a row end the session:
 * a stolen token cannot be turned into the password by guessing here.
 */
export async function confirmPassword(
  deps: AuthDeps,
  session: Session,
  password: string,
  client: Client,
  field = 'password',
): Promise<void> {
  const finish = await deps.throttle.begin(session.username, client.ip)
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, session.adminId))
  if (admin && (await verifyPassword(password, admin.passwordHash))) {
    await finish('success')
    await deps.limits.reset(strikesKey(session))
    return
  }
  await finish('failure')
  const strikes = await deps.limits.hit(strikesKey(session), { windowMs: 24 * 60 * 60 * 1000 })
  if (strikes.hits >= deps.reauthFailuresBeforeSignOut) {
    await deps.db.delete(adminSessions).where(eq(adminSessions.id, session.sessionId))
    await deps.limits.reset(strikesKey(session))
    deps.log.warn({ username: session.username, ip: client.ip }, 'session ended after repeated wrong passwords')
    throw new HttpError(401, SESSION_ENDED_BY_GUESSES)
  }
  throw new HttpError(400, field === 'password' ? 'Password is wrong' : 'Current password is wrong', field)
}

/** Needs the current password; every other session of this admin ends. */
export async function changePassword(
  deps: AuthDeps,
  session: Session,
  input: ChangePasswordInput,
  client: Client,
): Promise<void> {
  await confirmPassword(deps, session, input.currentPassword, client, 'currentPassword')
  const passwordHash = await hashPassword(input.newPassword)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ passwordHash, passwordChangedAt: new Date(), mustChangePassword: false })
      .where(eq(admins.id, session.adminId))
    await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, session.adminId), ne(adminSessions.id, session.sessionId)))
  })
}

export async function getAccount(deps: AuthDeps, session: Session): Promise<AccountSummary> {
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, session.adminId))
  if (!admin) throw new HttpError(401, 'Please sign in')
  const [left] = await deps.db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, admin.id), isNull(adminRecoveryCodes.usedAt)))
  const requireTwoFactor = (await getSignInRules(deps.db)).requireTwoFactor
  return {
    username: admin.username,
    role: admin.role,
    languages: admin.languages,
    canPublish: admin.canPublish,
    permissions: permissionsOf(admin),
    mustEnableTwoFactor: requireTwoFactor && !admin.totpEnabledAt,
    mustChangePassword: admin.mustChangePassword,
    twoFactor: {
      enabled: Boolean(admin.totpEnabledAt),
      enabledAt: admin.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: admin.totpEnabledAt ? (left?.n ?? 0) : 0,
    },
  }
}
