import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { COMPANY_NAME } from '../../shared/constants.js'
import type { EnableTwoFactorInput } from '../../shared/schemas/auth.schema.js'
import type { TwoFactorSetup } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { adminRecoveryCodes, adminSessions, admins } from '../db/schema.js'
import { conflict, HttpError } from '../errors.js'
import { confirmPassword } from './account.js'
import type { AuthDeps, Client, Session } from './auth-context.js'
import { SecretKeyMismatch } from './secret-box.js'

// Two-factor sign-in with time-based one-time codes (RFC 6238): SHA-1, 6 digits, 30 s, the
// parameters every authenticator app understands.
const PERIOD_S = 30
/** Codes of the step before and after are accepted too (clocks drift); older ones are stale. */
const WINDOW = 1
const RECOVERY_CODE_COUNT = 10
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

const totpFor = (secret: string, username: string) =>
  new TOTP({
    issuer: COMPANY_NAME,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  })

/** The time step a code belongs to, or null when it matches no step in the window. */
function matchingStep(secret: string, username: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, username).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta
}

/** 16 characters of base32 (80 bits), shown as four groups of four. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16)
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join('')
  return chars.match(/.{4}/g)!.join('-')
}

// The codes are long random strings, so a plain SHA-256 is enough to make a leaked table useless.
const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toUpperCase())
    .digest('base64url')

async function replaceRecoveryCodes(db: Executor, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId))
  await db
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ id: randomUUID(), adminId, codeHash: hashRecoveryCode(code) })))
  return codes
}

async function adminOf(deps: AuthDeps, session: Session) {
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, session.adminId))
  if (!admin) throw new HttpError(401, 'Please sign in')
  return admin
}

/** A new secret waiting for its first code; a second call replaces it. */
export async function setUpTwoFactor(deps: AuthDeps, session: Session): Promise<TwoFactorSetup> {
  const admin = await adminOf(deps, session)
  if (admin.totpEnabledAt) throw conflict('Two-factor sign-in is already on')
  const secret = new Secret({ size: 20 }).base32
  await deps.db
    .update(admins)
    .set({ totpPendingSecret: deps.secrets.seal(secret) })
    .where(eq(admins.id, admin.id))
  const uri = totpFor(secret, admin.username).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/**
 * The first right code turns two-factor sign-in on. Answers the ten recovery codes, shown once;
 * every other session ends (they began without the second factor).
 */
export async function enableTwoFactor(
  deps: AuthDeps,
  session: Session,
  input: EnableTwoFactorInput,
  client: Client,
): Promise<{ recoveryCodes: string[] }> {
  await confirmPassword(deps, session, input.password, client)
  const admin = await adminOf(deps, session)
  if (admin.totpEnabledAt) throw conflict('Two-factor sign-in is already on')
  if (!admin.totpPendingSecret) throw conflict('Start the set-up first', 'code')
  const secret = deps.secrets.open(admin.totpPendingSecret)
  const step = matchingStep(secret, admin.username, input.code)
  if (step === null) {
    throw new HttpError(400, 'That code is not right. Check that the time on your phone is correct.', 'code')
  }
  return deps.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({
        totpSecret: admin.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      })
      .where(eq(admins.id, admin.id))
    await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, admin.id), ne(adminSessions.id, session.sessionId)))
    return { recoveryCodes: await replaceRecoveryCodes(tx, admin.id) }
  })
}

export async function disableTwoFactor(deps: AuthDeps, session: Session, password: string, client: Client) {
  await confirmPassword(deps, session, password, client)
  await turnOffTwoFactor(deps.db, session.adminId)
}

/** Also what the operator's `disable-2fa` does. */
export async function turnOffTwoFactor(db: Executor, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(admins.id, adminId))
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId))
  })
}

/** Ten new recovery codes; the old ones stop working. */
export async function newRecoveryCodes(
  deps: AuthDeps,
  session: Session,
  password: string,
  client: Client,
): Promise<{ recoveryCodes: string[] }> {
  await confirmPassword(deps, session, password, client)
  const admin = await adminOf(deps, session)
  if (!admin.totpEnabledAt) throw conflict('Two-factor sign-in is off')
  return deps.db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, admin.id) }))
}

/**
 * A code from the app (each accepted once: a code is refused when its time step, or a later
 * one, was already used) or an unused recovery code (then used up).
 */
export async function verifySecondFactor(
  deps: AuthDeps,
  admin: typeof admins.$inferSelect,
  code: string,
): Promise<boolean> {
  if (!admin.totpSecret) return false
  if (!/^\d{6}$/.test(code)) {
    const [used] = await deps.db
      .update(adminRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminRecoveryCodes.adminId, admin.id),
          eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id })
    return Boolean(used)
  }
  let secret: string
  try {
    secret = deps.secrets.open(admin.totpSecret)
  } catch (error) {
    if (!(error instanceof SecretKeyMismatch)) throw error
    deps.log.error({ username: admin.username }, error.message)
    throw new HttpError(503, 'Codes from the app cannot be checked now (the server key changed). Use a recovery code.')
  }
  const step = matchingStep(secret, admin.username, code)
  if (step === null) return false
  const [accepted] = await deps.db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, admin.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id })
  return Boolean(accepted)
}
