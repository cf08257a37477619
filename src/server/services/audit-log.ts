import { randomUUID } from 'node:crypto'
import type { FieldChanges } from '../../shared/types.js'
import type { Executor } from '../db/client.js'
import { auditLog } from '../db/schema.js'
import type { Actor } from './actor.js'

/** What an entry says happened; who and from where come from the actor. */
export interface AuditEntry {
  /** A verb in the past sense's stem: 'create', 'update', 'save-draft', 'publish', 'sign-in', … */
  action: string
  /** 'project', 'review', 'translation-page', 'language', 'enquiry', 'user', 'settings', 'session', … */
  kind: string
  recordId?: string | null
  recordLabel?: string | null
  language?: string | null
  changes?: FieldChanges
  versionId?: string | null
}

/**
 * Field names whose values never reach the log, whatever the kind: passwords, secrets, tokens,
 * and codes (`recoveryCode`, `loginCode`; a language's plain `code` is not a secret).
 */
const SECRET_FIELD = /password|secret|token|totp|recovery|[a-z]Code$|^(otp|2fa)/i

/** Appends one entry. Pass the change's own transaction so the entry exists exactly when the change does. */
export async function appendAudit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorId: actor.id,
    actorName: actor.username,
    ip: actor.ip,
    action: entry.action,
    kind: entry.kind,
    recordId: entry.recordId ?? null,
    recordLabel: entry.recordLabel ?? null,
    language: entry.language ?? null,
    changes: redactSecrets(entry.changes ?? {}),
    versionId: entry.versionId ?? null,
  })
}

/** The fields of `after` that differ from `before` (compared as JSON), with both values. */
export function fieldChanges<T extends object>(
  before: T | null,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChanges {
  const changes: FieldChanges = {}
  for (const field of fields) {
    const from = before ? before[field] : null
    const to = after[field]
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null))
      changes[field] = { from: from ?? null, to: to ?? null }
  }
  return changes
}

function redactSecrets(changes: FieldChanges): FieldChanges {
  const safe: FieldChanges = {}
  for (const [field, change] of Object.entries(changes)) {
    safe[field] = SECRET_FIELD.test(field) ? { from: '[hidden]', to: '[hidden]' } : change
  }
  return safe
}
