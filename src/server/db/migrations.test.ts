import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getEnquiry } from '../services/enquiries.js'
import { type Database, openDatabase } from './client.js'
import { appliedMigrationHashes, committedMigrations } from './migrations.js'

let database: Database | undefined
afterEach(() => database?.close())

describe('migrations', () => {
  it('applies a given prefix, then the rest, recording each', async () => {
    database = await openDatabase({ pglite: new PGlite() })
    const all = committedMigrations()
    expect(all.length).toBeGreaterThanOrEqual(2)
    await database.migrate(all.slice(0, 1))
    expect(await appliedMigrationHashes(database.db)).toEqual([all[0]!.hash])
    await database.migrate()
    expect(await appliedMigrationHashes(database.db)).toEqual(all.map((m) => m.hash))
  })

  it("carries each enquiry's mail delivery state into the deliveries table", async () => {
    database = await openDatabase({ pglite: new PGlite() })
    const [first] = committedMigrations()
    await database.migrate([first!])
    // Two enquiries as the first schema kept them: one mailed, one still failing.
    await database.db.execute(sql`insert into enquiries
      (id, fname, lname, email, phone, message, subject, delivery_status, delivery_attempts, last_error, delivered_at)
      values
      ('00000000-0000-4000-8000-000000000001', 'Ana', 'G', 'a@example.com', '1', 'm1', 's', 'sent', 2, null, '2026-11-01T10:00:00Z'),
      ('00000000-0000-4000-8000-000000000002', 'Bo', 'H', 'b@example.com', '2', 'm2', 's', 'pending', 3, 'connection refused', null)`)
    await database.migrate()
    const sent = await getEnquiry(database.db, '00000000-0000-4000-8000-000000000001')
    expect(sent).toMatchObject({
      deliveryStatus: 'sent',
      deliveryAttempts: 2,
      lastError: null,
      deliveredAt: '2026-11-01T10:00:00.000Z',
    })
    const pending = await getEnquiry(database.db, '00000000-0000-4000-8000-000000000002')
    expect(pending).toMatchObject({
      deliveryStatus: 'pending',
      deliveryAttempts: 3,
      lastError: 'connection refused',
      deliveredAt: null,
    })
  })
})
