import { and, desc, eq, lt, ne, or } from 'drizzle-orm'
import type { SessionSummary } from '../../shared/types.js'
import type { Db } from '../db/client.js'
import { adminLoginChallenges, adminSessions } from '../db/schema.js'
import { notFound } from '../errors.js'
import { isExpired, SESSION_IDLE_MS, SESSION_MAX_MS, type Session } from './auth.js'
import { describeBrowser } from './user-agent.js'

/** This admin's live sessions, the most recently used first. */
export async function listSessions(db: Db, session: Session): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(eq(adminSessions.adminId, session.adminId))
    .orderBy(desc(adminSessions.lastSeenAt))
  return rows
    .filter((row) => !isExpired(row))
    .map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      ip: row.ip,
      browser: describeBrowser(row.userAgent),
      userAgent: row.userAgent,
      current: row.id === session.sessionId,
    }))
}

/** Ends one of this admin's sessions (the current one too: that is signing out). */
export async function endSession(db: Db, session: Session, id: string): Promise<void> {
  const gone = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.id, id), eq(adminSessions.adminId, session.adminId)))
    .returning({ id: adminSessions.id })
  if (gone.length === 0) throw notFound('Session not found')
}

export async function endOtherSessions(db: Db, session: Session): Promise<number> {
  const gone = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminId, session.adminId), ne(adminSessions.id, session.sessionId)))
    .returning({ id: adminSessions.id })
  return gone.length
}

/** Deletes expired sessions and sign-in challenges; answers how many sessions went. */
export async function sweepExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.createdAt, new Date(now - SESSION_MAX_MS)),
        lt(adminSessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    )
    .returning({ id: adminSessions.id })
  await db.delete(adminLoginChallenges).where(lt(adminLoginChallenges.expiresAt, new Date(now)))
  return gone.length
}
