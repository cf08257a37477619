import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { type ContentKind, previewLinks } from '../../db/schema.js'
import { HttpError } from '../../errors.js'
import type { SecretBox } from '../secret-box.js'
import type { Actor } from '../actor.js'

export type PreviewLinkRow = typeof previewLinks.$inferSelect

export interface PreviewTarget {
  kind: ContentKind
  recordId: string
  language: string
}

const TOKEN_PREFIX = 'p1.'

/**
 * Preview links (decision 084). The token is the link's id sealed with the server's key
 * (AES-256-GCM under ENCRYPTION_KEY or DATA_DIR/secret.key, the same on every instance): a
 * forged or altered token fails to open. The row makes it valid: revoking deletes nothing but
 * sets revoked_at, so a revoked or expired token is told apart (410) from a forged one (404).
 */
export async function createPreviewLink(
  db: Db,
  secrets: SecretBox,
  actor: Actor,
  target: PreviewTarget,
  hours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomUUID()
  const expiresAt = new Date(Date.now() + hours * 3_600_000)
  await db.insert(previewLinks).values({ id, ...target, expiresAt, createdBy: actor.username })
  // Expired links are worth nothing: each new one clears a few.
  await db.delete(previewLinks).where(lt(previewLinks.expiresAt, sql`now() - interval '30 days'`))
  return { token: TOKEN_PREFIX + secrets.seal(id).replaceAll('.', '~'), expiresAt }
}

export async function revokePreviewLinks(db: Db, target: PreviewTarget): Promise<number> {
  const revoked = await db
    .update(previewLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(previewLinks.kind, target.kind),
        eq(previewLinks.recordId, target.recordId),
        eq(previewLinks.language, target.language),
        isNull(previewLinks.revokedAt),
      ),
    )
    .returning({ id: previewLinks.id })
  return revoked.length
}

export const PREVIEW_NOT_FOUND = 'This preview link is not valid'
export const PREVIEW_GONE = 'This preview link has expired or was withdrawn'

/** The link a token names: 404 for anything forged or altered, 410 for expired or revoked. */
export async function openPreviewLink(db: Db, secrets: SecretBox, token: string): Promise<PreviewLinkRow> {
  let id: string
  try {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 400) throw new Error('not a token')
    id = secrets.open(token.slice(TOKEN_PREFIX.length).replaceAll('~', '.'))
  } catch {
    throw new HttpError(404, PREVIEW_NOT_FOUND)
  }
  const [link] = await db.select().from(previewLinks).where(eq(previewLinks.id, id))
  if (!link) throw new HttpError(410, PREVIEW_GONE)
  if (link.revokedAt || link.expiresAt.getTime() <= Date.now()) throw new HttpError(410, PREVIEW_GONE)
  return link
}
