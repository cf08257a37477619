import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { admins } from '../../src/server/db/schema.js'
import { selectRows } from '../../src/server/db/select-rows.js'
import { hashPassword } from '../../src/server/services/passwords.js'
import type { TestServer } from './test-server.js'

export const TEAM_PASSWORD = 'orange kettle mountain 42'

/** An account made straight in the database (the invitation flow has its own tests), signed in. */
export async function addAccount(
  server: TestServer,
  account: { username: string; role: 'owner' | 'editor' | 'translator'; languages?: string[]; canPublish?: boolean },
): Promise<{ id: string; token: string }> {
  const id = randomUUID()
  await server.database.db.insert(admins).values({
    id,
    username: account.username,
    passwordHash: await hashPassword(TEAM_PASSWORD),
    role: account.role,
    languages: account.languages ?? [],
    canPublish: account.canPublish ?? false,
  })
  const res = await server.call('POST', '/api/admin/login', {
    json: { username: account.username, password: TEAM_PASSWORD },
    token: null,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { id, token: res.body.token }
}

const WATCHED = [
  'projects',
  'reviews',
  'translation_pages',
  'languages',
  'enquiries',
  'deliveries',
  'admins',
  'admin_invitations',
  'app_state',
  'audit_log',
]

/** A fingerprint of everything a call could change; equal before and after means nothing changed. */
export async function fingerprint(server: TestServer): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const table of WATCHED) {
    const [row] = await selectRows<{ n: string | number; digest: string | null }>(
      server.database.db,
      sql.raw(
        `select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      ),
    )
    result[table] = `${row!.n}:${row!.digest}`
  }
  // The image worker changes rows in the background (variants); a new image is a new row.
  const [images] = await selectRows<{ n: string | number }>(server.database.db, sql`select count(*) as n from images`)
  result.images = String(images!.n)
  return result
}

/** The link's token in an invitation mail. */
export function tokenFromMail(text: string): string {
  const match = /accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(text)
  if (!match) throw new Error(`no invitation link in: ${text}`)
  return decodeURIComponent(match[1]!)
}
