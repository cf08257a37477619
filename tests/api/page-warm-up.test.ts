import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { waitFor } from '../support/wait-for.js'

// The page cache filled once the server listens (site/warm-up.ts), over real HTTP: content made
// by one server, then a restart on the same database, as a deploy does.
let database: Database
let server: TestServer
beforeAll(async () => {
  database = await createTestDatabase()
  const before = await startTestServer({ database })
  await before.login()
  await before.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })
  const added = await before.call('POST', '/api/admin/add-project', {
    form: await projectForm({ fields: { title: 'Villa Warm', isShow: 'false' }, featured: false }),
  })
  expect(added.status).toBe(200)
  await before.close()
  server = await startTestServer({ database, site: true, warmUp: true, admin: null })
})
afterAll(async () => {
  await server.close()
  await database.close()
})

it('renders the pages the sitemaps list after a start, so their first visitors get them from the cache, and counts no view', async () => {
  const cache = server.app.pageCache!
  const pages = [
    '/',
    '/about',
    '/all-projects',
    '/contact',
    '/privacy-policy',
    '/es',
    '/es/contact',
    '/project/villa-warm',
  ]
  await waitFor(
    'the warm-up',
    async () => pages.filter((page) => !cache.has(page)),
    (missing) => missing.length === 0,
  )
  // Nobody visited: the warm-up's own requests are no views for the dashboard.
  expect(server.app.visitCounter.drain().pages).toEqual([])

  const renders = cache.stats.renders
  for (const page of pages) {
    const answer = await rawGet(server.url, page, { 'accept-encoding': 'br' })
    expect(answer.status, page).toBe(200)
    expect(answer.headers['x-cache'], page).toBe('hit')
    // The security headers the first answer of a visit carries are stored with the warmed page.
    expect(answer.headers['x-content-type-options'], page).toBe('nosniff')
    expect(answer.headers['content-security-policy'], page).toContain("default-src 'self'")
  }
  expect(cache.stats.renders).toBe(renders)
})
