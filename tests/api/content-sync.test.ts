import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { waitFor } from '../support/wait-for.js'

// Two app instances on one PostgreSQL database, each with its own page cache (needs the site
// build). PGlite is one process and has nothing to keep in step.

const onPostgres = process.env.TEST_DB_KIND === 'postgres'

/** Polls the page until it contains `text`; answers how long that took. */
async function waitForPage(server: TestServer, path: string, text: string, timeoutMs: number) {
  const started = Date.now()
  const page = async () => (await rawGet(server.url, path)).body.toString()
  await waitFor(`${path} to show "${text}"`, page, (html) => html.includes(text), timeoutMs)
  return Date.now() - started
}

describe.skipIf(!onPostgres)('rendered pages across instances on one database', () => {
  let database: Database
  let first: TestServer
  let second: TestServer
  let quiet: TestServer
  let projectId: string

  beforeAll(async () => {
    database = await createTestDatabase()
    first = await startTestServer({ database, site: true })
    second = await startTestServer({ database, site: true })
    // An instance whose version check is too rare to matter: only notifications reach it.
    quiet = await startTestServer({ database, site: true, contentCheckIntervalMs: 3_600_000 })
    await first.login()
    const created = await first.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Primera' } }),
    })
    expect(created.status).toBe(200)
    projectId = created.body.project._id
  })
  afterAll(async () => {
    for (const server of [first, second, quiet]) await server?.close()
    await database?.close()
  })

  /** A title change straight in the database: no instance announces it. */
  async function retitleSilently(title: string) {
    await database.db.execute(sql`update projects set title = ${title} where id = ${projectId}`)
  }

  it('shows a change made through one instance on the others within a second', async () => {
    for (const server of [second, quiet]) await waitForPage(server, '/all-projects', 'Villa Primera', 2_000)
    const changed = await first.call('PUT', `/api/admin/update-project/${projectId}`, {
      form: await projectForm({ featured: false, fields: { title: 'Villa Segunda' } }),
    })
    expect(changed.status).toBe(200)
    for (const server of [second, quiet])
      expect(await waitForPage(server, '/all-projects', 'Villa Segunda', 1_000)).toBeLessThan(1_000)
  })

  it('finds a change it was not told about by checking the shared version', async () => {
    await waitForPage(second, '/all-projects', 'Villa Segunda', 1_000) // cached
    await retitleSilently('Villa Tercera')
    await database.db.execute(sql`update content_version set version = version + 1`)
    await waitForPage(second, '/all-projects', 'Villa Tercera', 12_000)
  }, 20_000)

  it('listens for changes before it serves, so its first pages are kept', async () => {
    const listeners = async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`,
      )
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
    }
    const before = await listeners()
    const late = await startTestServer({ database, site: true })
    try {
      expect(await listeners()).toBe(before + 1)
      expect((await rawGet(late.url, '/all-projects')).headers['x-cache']).toBe('miss')
      expect((await rawGet(late.url, '/all-projects')).headers['x-cache']).toBe('hit')
    } finally {
      await late.close()
    }
  })

  it('drops its pages when its listener reconnects, since notifications meanwhile are lost', async () => {
    await waitForPage(quiet, '/all-projects', 'Villa', 1_000)
    await retitleSilently('Villa Cuarta')
    expect((await rawGet(quiet.url, '/all-projects')).body.toString()).not.toContain('Villa Cuarta') // cached
    const terminated = await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    )
    expect((terminated as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(3)
    await waitForPage(quiet, '/all-projects', 'Villa Cuarta', 5_000)
  })
})
