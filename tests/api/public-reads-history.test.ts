import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishingApi } from '../support/publishing-api.js'
import { rawGet } from '../support/raw-get.js'
import { startProjectServer } from '../support/project-api.js'
import type { TestServer } from '../support/test-server.js'

// Public reads never touch the version history (issue 22: 500,000 versions must not slow the
// site; docs/performance.md, "History at scale"). With content_versions out of reach, every
// public page and public API call still answers; the history screen, which does read it, fails.
// Nothing is cached, so each address is built while the table is away (needs `npm run build`).
let server: TestServer
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  ;({ server } = await startProjectServer({ site: true, env: { PAGE_CACHE_MB: '0', API_CACHE_MB: '0' } }))
  api = publishingApi(server)
})
afterAll(() => server.close())

const hideHistory = (hidden: boolean) =>
  server.database.db.execute(
    hidden
      ? sql`alter table content_versions rename to content_versions_hidden`
      : sql`alter table content_versions_hidden rename to content_versions`,
  )

describe('the public site and the version history', () => {
  it('every public page and public API call answers without the content_versions table', async () => {
    const original = await api.addProject({ project: { title: 'Villa Historia' } })
    const es = await api.translate(original._id, { title: 'Villa Historia ES' })
    api.ok(await api.updateProject(original._id, { title: 'Villa Historia draft', saveAs: 'draft' }))
    expect(api.ok(await server.call('GET', `/api/admin/versions/project/${original._id}?limit=10`))).toHaveLength(2)

    await hideHistory(true)
    try {
      const addresses = [
        '/',
        '/es',
        '/all-projects',
        '/es/all-projects',
        `/project/${original.slug}`,
        `/project/${es.slug}`,
        '/about',
        '/sitemap.xml',
        '/sitemaps/es.xml',
        '/api/admin/get-projects',
        '/api/admin/get-projects/es?limit=12',
        `/api/admin/single-project/${original.slug}`,
      ]
      const statuses = await Promise.all(addresses.map(async (address) => (await rawGet(server.url, address)).status))
      expect(Object.fromEntries(addresses.map((address, i) => [address, statuses[i]]))).toEqual(
        Object.fromEntries(addresses.map((address) => [address, 200])),
      )
      // The table is really out of reach: the history screen's call fails.
      const history = await server.call('GET', `/api/admin/versions/project/${original._id}?limit=10`)
      expect(history.status).toBe(500)
    } finally {
      await hideHistory(false)
    }
  }, 90_000)
})
