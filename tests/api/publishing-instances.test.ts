import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { selectRows } from '../../src/server/db/select-rows.js'
import { publishingApi } from '../support/publishing-api.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTwoInstances } from '../support/signed-in-server.js'
import { type TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'

// Two app instances on one database (decision 083): schedules made on one run once, on either.
let database: Database
let first: TestServer
let second: TestServer
beforeAll(async () => {
  database = await createTestDatabase()
  ;[first, second] = await startTwoInstances({ database, schedulePollMs: 300 })
})
afterAll(async () => {
  await first.close()
  await second.close()
  await database.close()
})

describe('schedules across instances', () => {
  it('twelve publishes scheduled on one instance each run exactly once, and both instances see them', async () => {
    const api = publishingApi(first)
    const drafts: any[] = []
    for (let i = 0; i < 12; i++) {
      const project = await api.addProject({ project: { title: `Villa Twin ${i}` }, featured: i === 0 })
      drafts.push(
        api.ok(await api.updateProject(project._id, { title: `Villa Twin ${i} launched`, saveAs: 'draft' })).project,
      )
    }
    // Far enough ahead that all twelve are scheduled before it comes, even on a loaded machine.
    const at = new Date(Date.now() + 8_000).toISOString()
    for (const draft of drafts)
      expect(api.ok(await api.publish('project', draft._id, { at })).publishStatus).toBe('published')
    const pending = await selectRows<{ n: string | number }>(
      database.db,
      sql`select count(*) as n from publish_schedules where status = 'pending'`,
    )
    expect(Number(pending[0]!.n)).toBe(12)

    const other = publishingApi(second)
    await until(
      'every scheduled publish',
      async () => {
        const all = other.ok(await second.call('GET', '/api/admin/get-all-projects'))
        return drafts.every(
          (d) =>
            all.find((p: any) => p._id === d._id)?.publishStatus === 'published' &&
            !all.find((p: any) => p._id === d._id).hasDraft,
        )
      },
      30_000,
    )
    const ids = drafts.map((d) => d._id)
    const counts = await selectRows<{ record_id: string; versions: string | number; audits: string | number }>(
      database.db,
      sql`select v.record_id,
            count(*) filter (where v.state = 'published' and v.number > 2) as versions,
            (select count(*) from audit_log a where a.record_id = v.record_id::text and a.action = 'publish') as audits
          from content_versions v where v.record_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          group by v.record_id`,
    )
    expect(counts).toHaveLength(12)
    for (const row of counts) {
      expect(Number(row.versions)).toBe(1)
      expect(Number(row.audits)).toBe(1)
    }
    const schedules = await selectRows<{ status: string; n: string | number }>(
      database.db,
      sql`select status, count(*) as n from publish_schedules group by status`,
    )
    expect(schedules.map((s) => [s.status, Number(s.n)])).toEqual([['done', 12]])
    // The public answer of the other instance follows (content-sync invalidates its caches).
    expect((await other.single(drafts[0].slug)).body.title).toBe('Villa Twin 0 launched')
  })
})
