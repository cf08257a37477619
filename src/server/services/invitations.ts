import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { passwordProblem } from '../../shared/schemas/password.schema.js'
import type { AcceptInvitationInput, InviteInput } from '../../shared/schemas/team.schema.js'
import type { InvitationSummary } from '../../shared/types.js'
import type { Db, Executor } from '../db/client.js'
import { adminInvitations, admins, deliveries } from '../db/schema.js'
import { badRequest, conflict, HttpError, notFound } from '../errors.js'
import type { Actor } from './actor.js'
import { appendAudit } from './audit-log.js'
import { hashToken } from './auth.js'
import type { ServiceContext } from './context.js'
import { hashPassword } from './passwords.js'
import type { SecretBox } from './secret-box.js'
import { accessOf, checkLanguages, usernameTaken } from './team.js'

/** How long an invitation link works. */
export const INVITATION_HOURS = 72

export const INVITATION_INVALID =
  'This invitation link is not valid. Check that you opened the whole link from the mail, or ask the owner for a new invitation.'
export const INVITATION_USED = 'This invitation has already been used. Sign in with your user name and password.'
export const INVITATION_EXPIRED = `This invitation has expired (links work for ${INVITATION_HOURS} hours). Ask the owner for a new one.`
export const INVITATION_REVOKED = 'This invitation was withdrawn. Ask the owner for a new one.'

export interface InvitationDeps {
  secrets: SecretBox
  /** Nudged after an invitation is stored; it mails the link. */
  outbox: { wake(): void }
}

type InvitationRow = typeof adminInvitations.$inferSelect

const toSummary = (row: InvitationRow, mailed: boolean): InvitationSummary => ({
  ...accessOf(row),
  invitedBy: row.invitedByName,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= Date.now(),
  mailed,
})

/**
 * Stores the invitation and its mail in one transaction; the outbox sends the link. The token is
 * kept sealed (never in clear) for the outbox, and only its hash answers the link.
 */
export async function invite(
  ctx: ServiceContext,
  deps: InvitationDeps,
  input: InviteInput,
): Promise<InvitationSummary> {
  const languages = input.role === 'translator' ? [...new Set(input.languages)] : []
  const token = randomBytes(32).toString('base64url')
  const row = await ctx.db.transaction(async (tx) => {
    if (await usernameTaken(tx, input.username))
      throw conflict(`The user name "${input.username}" is taken`, 'username')
    await checkLanguages(tx, languages)
    const [row] = await tx
      .insert(adminInvitations)
      .values({
        id: randomUUID(),
        username: input.username,
        email: input.email,
        role: input.role,
        languages,
        canPublish: input.role === 'translator' && input.canPublish,
        tokenHash: hashToken(token),
        sealedToken: deps.secrets.seal(token),
        invitedBy: ctx.actor.id,
        invitedByName: ctx.actor.username,
        expiresAt: new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000),
      })
      .returning()
    await tx.insert(deliveries).values({ id: randomUUID(), invitationId: row!.id, channel: 'invitation' })
    await appendAudit(tx, ctx.actor, {
      action: 'invite',
      kind: 'invitation',
      recordId: row!.id,
      recordLabel: row!.username,
      changes: {
        email: { from: null, to: row!.email },
        role: { from: null, to: row!.role },
        languages: { from: null, to: row!.languages },
      },
    })
    return row!
  })
  deps.outbox.wake()
  return toSummary(row, false)
}

/** How an invitation's mail fared on its first try: taken by the mail server, refused, or still going. */
export type FirstTry = 'sent' | 'failed' | 'pending'

/**
 * Waits up to `withinMs` for the outbox's first try at an invitation's mail, so the owner is told
 * what happened ("sent" only once the mail server took it) instead of what was hoped for. A mail
 * server that is down refuses at once; a slow one leaves the answer at 'pending'.
 */
export async function firstTry(db: Executor, invitationId: string, withinMs = 3000): Promise<FirstTry> {
  const until = Date.now() + withinMs
  for (;;) {
    const [row] = await db
      .select({ status: deliveries.status, attempts: deliveries.attempts })
      .from(deliveries)
      .where(eq(deliveries.invitationId, invitationId))
    if (row?.status === 'sent') return 'sent'
    if (row && row.attempts > 0) return 'failed'
    if (Date.now() >= until) return 'pending'
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Invitations not yet accepted nor withdrawn, expired ones too (the owner sees they lapsed). */
export async function listInvitations(db: Executor): Promise<InvitationSummary[]> {
  const rows = await db
    .select({ invitation: adminInvitations, status: deliveries.status })
    .from(adminInvitations)
    .leftJoin(deliveries, eq(deliveries.invitationId, adminInvitations.id))
    .where(and(isNull(adminInvitations.acceptedAt), isNull(adminInvitations.revokedAt)))
    .orderBy(desc(adminInvitations.createdAt))
  return rows.map((r) => toSummary(r.invitation, r.status === 'sent'))
}

export async function revokeInvitation(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminInvitations)
      .set({ revokedAt: new Date(), sealedToken: null })
      .where(and(eq(adminInvitations.id, id), isNull(adminInvitations.acceptedAt), isNull(adminInvitations.revokedAt)))
      .returning()
    if (!row) throw notFound('Invitation not found')
    await tx.delete(deliveries).where(and(eq(deliveries.invitationId, id), eq(deliveries.status, 'pending')))
    await appendAudit(tx, ctx.actor, { action: 'revoke', kind: 'invitation', recordId: id, recordLabel: row.username })
  })
}

/** The invitation behind a link, or the clear reason it cannot be used. */
async function usableInvitation(db: Executor, token: string, lock: boolean): Promise<InvitationRow> {
  const query = db
    .select()
    .from(adminInvitations)
    .where(eq(adminInvitations.tokenHash, hashToken(token)))
    .$dynamic()
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new HttpError(404, INVITATION_INVALID)
  if (row.acceptedAt) throw new HttpError(410, INVITATION_USED)
  if (row.revokedAt) throw new HttpError(410, INVITATION_REVOKED)
  if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(410, INVITATION_EXPIRED)
  return row
}

/** GET /invitation?token=: what the accept page shows before a password is chosen. */
export async function describeInvitation(db: Executor, token: string) {
  const row = await usableInvitation(db, token, false)
  return {
    username: row.username,
    email: row.email,
    role: row.role,
    languages: row.languages,
    expiresAt: row.expiresAt.toISOString(),
  }
}

/**
 * Makes the account, once: the row is locked, so two tabs accepting at once make one account.
 * A refused link (unknown, used, expired, withdrawn) or a password that breaks the rules
 * creates nothing.
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput, ip: string) {
  return db.transaction(async (tx) => {
    const row = await usableInvitation(tx, input.token, true)
    const problem = passwordProblem(input.password, row.username, 'Password')
    if (problem) throw badRequest(problem, 'password')
    if (await usernameTaken(tx, row.username, row.id))
      throw conflict(`The user name "${row.username}" was taken meanwhile. Ask the owner for a new invitation.`)
    const adminId = randomUUID()
    await tx.insert(admins).values({
      id: adminId,
      username: row.username,
      email: row.email,
      passwordHash: await hashPassword(input.password),
      role: row.role,
      languages: row.languages,
      canPublish: row.canPublish,
    })
    await tx
      .update(adminInvitations)
      .set({ acceptedAt: sql`now()`, adminId, sealedToken: null })
      .where(eq(adminInvitations.id, row.id))
    const actor: Actor = { id: adminId, username: row.username, ip }
    await appendAudit(tx, actor, {
      action: 'accept',
      kind: 'invitation',
      recordId: row.id,
      recordLabel: row.username,
      changes: { role: { from: null, to: row.role }, languages: { from: null, to: row.languages } },
    })
    return {
      message: 'Your account is ready. Sign in with your user name and the password you chose.',
      username: row.username,
    }
  })
}
