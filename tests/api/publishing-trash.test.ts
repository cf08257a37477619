import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishingApi } from '../support/publishing-api.js'
import { reviewForm } from '../support/factories.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { avifSettled } from '../support/wait-for.js'

let server: TestServer
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  server = await startSignedIn({}, 'es')
  api = publishingApi(server)
})
afterAll(() => server.close())

const image = (path: string) => fetch(`${server.url}${path}`)

describe('trash', () => {
  it('delete-project moves the group to the trash (410), restore brings it back with its images, purge removes them', async () => {
    const original = await api.addProject({ project: { title: 'Villa Trash' }, gallery: 1 })
    const es = await api.translate(original._id, { title: 'Villa Basura' })
    const images = [original.featuredImage, ...original.galleryImages]
    await avifSettled(server.database)

    const deleted = await server.call('DELETE', `/api/admin/delete-project/${original._id}`)
    expect(deleted.body).toEqual({ message: 'Project deleted' })
    expect((await api.single(original.slug)).status).toBe(410)
    expect((await api.single(es.slug)).status).toBe(410)
    expect((await api.publicList('es')).some((p) => p._id === original._id)).toBe(false)
    expect((await server.call('GET', `/api/admin/get-project/${original._id}`)).status).toBe(404)
    const all = api.ok(await server.call('GET', '/api/admin/get-all-projects'))
    expect(all.some((p: any) => p._id === original._id || p._id === es._id)).toBe(false)

    const trash = api.ok(await server.call('GET', '/api/admin/trash'))
    const entry = trash.find((t: any) => t.id === original._id)
    expect(entry).toMatchObject({
      kind: 'project',
      title: 'Villa Trash',
      language: 'en',
      trashedBy: 'admin',
      translations: 1,
    })
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.trashedAt)).toBe(30 * 86_400_000)
    // The images are kept while in the trash (a restore needs them).
    for (const path of images) expect((await image(path)).status).toBe(200)

    expect(api.ok(await server.call('POST', `/api/admin/restore/project/${original._id}`))).toEqual({
      message: 'Restored',
    })
    expect((await api.single(original.slug)).body.translations).toEqual([{ code: 'es', slug: es.slug }])
    expect((await api.single(es.slug)).status).toBe(200)
    for (const path of images) expect((await image(path)).status).toBe(200)

    api.ok(await server.call('DELETE', `/api/admin/delete-project/${original._id}`))
    expect(api.ok(await server.call('DELETE', `/api/admin/purge/project/${original._id}`))).toEqual({
      message: 'Deleted permanently',
    })
    expect((await api.single(original.slug)).status).toBe(404)
    for (const path of images) expect((await image(path)).status).toBe(404)
    expect((await server.call('GET', '/api/admin/trash')).body.some((t: any) => t.id === original._id)).toBe(false)
    expect((await server.call('POST', `/api/admin/restore/project/${original._id}`)).status).toBe(404)
  })

  it('a translation alone: trashed and restored without its original; delete-review goes to the trash too', async () => {
    const original = await api.addProject({ project: { title: 'Villa Alone' } })
    const es = await api.translate(original._id, { title: 'Villa Sola' })
    api.ok(await server.call('DELETE', `/api/admin/delete-project/${es._id}`))
    expect((await api.single(original.slug)).body.translations).toEqual([])
    expect((await api.single(es.slug)).status).toBe(410)
    api.ok(await server.call('POST', `/api/admin/restore/project/${es._id}`))
    expect((await api.single(es.slug)).status).toBe(200)

    const review = api.ok(
      await server.call('POST', '/api/admin/add-review', { form: await reviewForm({ title: 'Great' }) }),
    ).review
    expect(api.ok(await server.call('DELETE', `/api/admin/delete-review/${review._id}`))).toEqual({
      message: 'Review deleted',
    })
    expect(
      (await server.call('GET', '/api/admin/get-reviews/en', { token: null })).body.some(
        (r: any) => r._id === review._id,
      ),
    ).toBe(false)
    expect((await image(review.featuredImage)).status).toBe(200)
    api.ok(await server.call('DELETE', `/api/admin/purge/review/${review._id}`))
    expect((await image(review.featuredImage)).status).toBe(404)
  })
})

describe('preview links', () => {
  const open = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, server.url), { redirect: 'manual' })

  it('a link leads to the page with the draft; forged, altered and revoked tokens answer 404 or 410, never 500', async () => {
    const project = await api.addProject({ project: { title: 'Villa Preview' } })
    api.ok(await api.updateProject(project._id, { title: 'Villa Preview Draft', saveAs: 'draft' }))
    const link = api.ok(await server.call('POST', `/api/admin/preview-link/project/${project._id}`))
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/preview\/p1\.[A-Za-z0-9_~-]+$/)
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000)

    const followed = await open(link.url)
    expect(followed.status).toBe(302)
    expect(followed.headers.get('cache-control')).toBe('no-store')
    expect(followed.headers.get('x-robots-tag')).toContain('noindex')
    const token = link.url.split('/preview/')[1]
    expect(followed.headers.get('location')).toBe(`/project/${project.slug}?preview=${encodeURIComponent(token)}`)

    const forged = await open(`${server.url}/preview/p1.v1~AAAA~BBBB~CCCC~DDDD`)
    expect(forged.status).toBe(404)
    expect(forged.headers.get('cache-control')).toBe('no-store')
    const flip = token.slice(0, -3) + (token.at(-3) === 'A' ? 'B' : 'A') + token.slice(-2)
    expect((await open(`${server.url}/preview/${flip}`)).status).toBe(404)
    expect((await open(`${server.url}/preview/${'x'.repeat(5000)}`)).status).toBe(404)
    expect((await open(`${server.url}/preview/%00`)).status).toBeLessThan(500)

    expect(api.ok(await server.call('DELETE', `/api/admin/preview-link/project/${project._id}`)).message).toBeTruthy()
    expect((await open(link.url)).status).toBe(410)
    // A new link works again; purging the record makes it 410.
    const again = api.ok(await server.call('POST', `/api/admin/preview-link/project/${project._id}`))
    expect((await open(again.url)).status).toBe(302)
    api.ok(await server.call('DELETE', `/api/admin/delete-project/${project._id}`))
    expect((await open(again.url)).status).toBe(410)
    expect((await server.call('POST', '/api/admin/preview-link/project/not-an-id')).status).toBe(404)
    expect((await server.call('POST', `/api/admin/preview-link/project/${project._id}`, { token: null })).status).toBe(
      401,
    )
  })

  it('an expired link answers 410', async () => {
    const short = await startTestServer({ env: { PREVIEW_LINK_HOURS: '0.0003' } })
    try {
      await short.login()
      const p = publishingApi(short)
      const project = await p.addProject({ project: { title: 'Villa Expiring' } })
      const link = p.ok(await short.call('POST', `/api/admin/preview-link/project/${project._id}`))
      await new Promise((r) => setTimeout(r, 1_500))
      const res = await fetch(link.url.replace(/^https?:\/\/[^/]+/, short.url), { redirect: 'manual' })
      expect(res.status).toBe(410)
    } finally {
      await short.close()
    }
  })
})
