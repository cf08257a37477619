/**
 * Who makes a change: a signed-in person, or the server itself (a scheduled publication, the
 * seed, housekeeping). Every operation that changes something reads it from its ServiceContext,
 * so the history and the audit log name the same person (decision 080).
 */
export interface Actor {
  /** The admin's id; null for the server itself. */
  id: string | null
  username: string
  /** The request's address (after TRUST_PROXY); null for the server itself. */
  ip: string | null
}

export const SYSTEM_ACTOR: Actor = { id: null, username: 'system', ip: null }
