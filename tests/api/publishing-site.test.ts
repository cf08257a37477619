import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishingApi } from '../support/publishing-api.js'
import { rawGet } from '../support/raw-get.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { waitFor } from '../support/wait-for.js'

// The public site shows only what is published; a preview link shows a draft (needs `npm run build`).
let server: TestServer
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  api = publishingApi(server)
})
afterAll(() => server.close())

const get = (path: string) => rawGet(server.url, path)
const html = async (path: string) => (await get(path)).body.toString('utf8')

describe('the site shows only what is published', () => {
  it('a draft translation has no page, no hreflang and no sitemap entry until it is published', async () => {
    const original = await api.addProject({ project: { title: 'Villa Hreflang' } })
    const es = await api.translate(original._id, { title: 'Villa Enlace', saveAs: 'draft' })
    expect((await get(`/project/${es.slug}`)).status).toBe(302)
    expect(await html(`/project/${original.slug}`)).not.toContain(`/project/${es.slug}`)
    expect(await html('/sitemaps/es.xml')).not.toContain(`/project/${es.slug}`)

    api.ok(await api.publish('project', es._id))
    await waitFor(
      'the published translation',
      () => get(`/project/${es.slug}`),
      (r) => r.status === 200,
    )
    await waitFor(
      'its hreflang',
      () => html(`/project/${original.slug}`),
      (page) => page.includes(`/project/${es.slug}`),
    )
    await waitFor(
      'its sitemap entry',
      () => html('/sitemaps/es.xml'),
      (xml) => xml.includes(`/project/${es.slug}`),
    )
  }, 90_000)

  it('a preview link renders the page with the draft, uncached and unindexed; the public page is unchanged', async () => {
    const project = await api.addProject({ project: { title: 'Villa Public Title' } })
    expect(await html(`/project/${project.slug}`)).toContain('Villa Public Title')
    api.ok(await api.updateProject(project._id, { title: 'Villa Draft Title', saveAs: 'draft' }))
    const { url } = api.ok(await server.call('POST', `/api/admin/preview-link/project/${project._id}`))
    const redirect = await get(new URL(url).pathname)
    expect(redirect.status).toBe(302)
    const preview = await get(String(redirect.headers.location))
    expect(preview.status).toBe(200)
    expect(preview.headers['cache-control']).toBe('no-store')
    expect(preview.headers['x-robots-tag']).toContain('noindex')
    const page = preview.body.toString('utf8')
    expect(page).toContain('Villa Draft Title')
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">')
    // The visitors' page: still the published title, and the cache was not given the preview.
    const visitor = await html(`/project/${project.slug}`)
    expect(visitor).toContain('Villa Public Title')
    expect(visitor).not.toContain('Villa Draft Title')

    // Revoked: the page address with the old token is refused, not served.
    api.ok(await server.call('DELETE', `/api/admin/preview-link/project/${project._id}`))
    expect((await get(String(redirect.headers.location))).status).toBe(410)
    expect((await get(`/project/${project.slug}?preview=p1.forged`)).status).toBe(404)

    // Published: the page cache follows.
    api.ok(await api.publish('project', project._id))
    await waitFor(
      'the published title',
      () => html(`/project/${project.slug}`),
      (p) => p.includes('Villa Draft Title'),
    )
  }, 90_000)

  it('a project in the trash answers 410', async () => {
    const project = await api.addProject({ project: { title: 'Villa Gone' } })
    expect((await get(`/project/${project.slug}`)).status).toBe(200)
    api.ok(await server.call('DELETE', `/api/admin/delete-project/${project._id}`))
    await waitFor(
      '410',
      () => get(`/project/${project.slug}`),
      (r) => r.status === 410,
    )
    api.ok(await server.call('POST', `/api/admin/restore/project/${project._id}`))
    await waitFor(
      'the restored page',
      () => get(`/project/${project.slug}`),
      (r) => r.status === 200,
    )
  }, 90_000)
})
