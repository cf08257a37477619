import { and, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm'
import type { UpdateUserInput } from '../../shared/schemas/team.schema.js'
import type { UserSummary } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { adminInvitations, adminLoginChallenges, adminSessions, admins, languages } from '../db/schema.js'
import { badRequest, conflict, notFound } from '../errors.js'
import { appendAudit, fieldChanges } from './audit-log.js'
import type { ServiceContext } from './context.js'

// The accounts of the back office (issue 23): listed, changed and deactivated by an owner.

export const LAST_OWNER = 'This is the last active owner: make another account an owner first.'

type AdminRow = typeof admins.$inferSelect

/** A name is taken by an account or by an invitation still waiting (case does not make it another name). */
export async function usernameTaken(db: Executor, username: string, exceptInvitation?: string): Promise<boolean> {
  const [account] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${username})`)
  if (account) return true
  const [invited] = await db
    .select({ id: adminInvitations.id })
    .from(adminInvitations)
    .where(
      and(
        sql`lower(${adminInvitations.username}) = lower(${username})`,
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
        sql`${adminInvitations.expiresAt} > now()`,
        exceptInvitation ? ne(adminInvitations.id, exceptInvitation) : undefined,
      ),
    )
  return Boolean(invited)
}

/** A language list naming a language the site does not have is refused, naming it. */
export async function checkLanguages(db: Executor, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return
  const known = new Set(
    (
      await db
        .select({ code: languages.code })
        .from(languages)
        .where(inArray(languages.code, [...codes]))
    ).map((l) => l.code),
  )
  const unknown = codes.filter((code) => !known.has(code))
  if (unknown.length > 0)
    throw badRequest(`There is no language "${unknown.join('", "')}"; add it under Languages first`, 'languages')
}

type Access = Pick<AdminRow, 'id' | 'username' | 'role' | 'languages' | 'canPublish'> & { email: string | null }

/** Who a member (or an invited person) is and what they may do, as the team screens list them. */
export const accessOf = <R extends Access>(row: R) => ({
  _id: row.id,
  username: row.username,
  email: row.email as R['email'],
  role: row.role,
  languages: row.languages,
  canPublish: row.canPublish,
})

function toUser(row: AdminRow, lastSeenAt: Date | null): UserSummary {
  return {
    ...accessOf(row),
    active: !row.deactivatedAt,
    twoFactor: Boolean(row.totpEnabledAt),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
  }
}

export async function listUsers(db: Executor): Promise<UserSummary[]> {
  const seen = db
    .select({ adminId: adminSessions.adminId, lastSeenAt: max(adminSessions.lastSeenAt).as('last_seen_at') })
    .from(adminSessions)
    .groupBy(adminSessions.adminId)
    .as('seen')
  const rows = await db
    .select({ admin: admins, lastSeenAt: seen.lastSeenAt })
    .from(admins)
    .leftJoin(seen, eq(seen.adminId, admins.id))
    .orderBy(admins.createdAt, admins.username)
  return rows.map((r) => toUser(r.admin, r.lastSeenAt ? new Date(r.lastSeenAt as unknown as string) : null))
}

export async function getUser(db: Executor, id: string): Promise<UserSummary> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id))
  if (!row) throw notFound('User not found')
  return toUser(row, null)
}

/**
 * Role, languages, the publish switch and active. Deactivating ends the account's sessions in
 * the same transaction; the last active owner can be neither demoted nor deactivated (the
 * owners' rows are locked first, so two owners demoting each other at once leave one).
 */
export async function updateUser(ctx: ServiceContext, id: string, input: UpdateUserInput): Promise<UserSummary> {
  return ctx.db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, 'owner'), isNull(admins.deactivatedAt)))
      .for('update')
    const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update')
    if (!before) throw notFound('User not found')
    const role = input.role ?? before.role
    const active = input.active ?? !before.deactivatedAt
    const wasActiveOwner = before.role === 'owner' && !before.deactivatedAt
    if (wasActiveOwner && (role !== 'owner' || !active) && owners.length <= 1) throw conflict(LAST_OWNER)
    const languagesAfter = role === 'translator' ? [...new Set(input.languages ?? before.languages)] : []
    await checkLanguages(tx, languagesAfter)
    const after = {
      role,
      languages: languagesAfter,
      canPublish: role === 'translator' ? (input.canPublish ?? before.canPublish) : false,
      active,
    }
    const [row] = await tx
      .update(admins)
      .set({
        role: after.role,
        languages: after.languages,
        canPublish: after.canPublish,
        deactivatedAt: active ? null : (before.deactivatedAt ?? new Date()),
      })
      .where(eq(admins.id, id))
      .returning()
    if (!active) {
      await tx.delete(adminSessions).where(eq(adminSessions.adminId, id))
      await tx.delete(adminLoginChallenges).where(eq(adminLoginChallenges.adminId, id))
    }
    const changes = fieldChanges({ ...before, active: !before.deactivatedAt }, after, [
      'role',
      'languages',
      'canPublish',
      'active',
    ])
    if (Object.keys(changes).length > 0) {
      const action = changes.active ? (active ? 'reactivate' : 'deactivate') : 'update'
      await appendAudit(tx, ctx.actor, { action, kind: 'user', recordId: id, recordLabel: before.username, changes })
    }
    return toUser(row!, null)
  })
}
