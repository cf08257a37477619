import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images } from '../../src/server/db/schema.js'
import { fieldsForm } from '../support/factories.js'
import { jpeg } from '../support/images.js'
import { IMAGE_PATH, idOf, type projectApi, startProjectServer } from '../support/project-api.js'
import type { TestServer } from '../support/test-server.js'

let server: TestServer
let api: ReturnType<typeof projectApi>
beforeAll(async () => ({ server, api } = await startProjectServer()))
afterAll(() => server.close())

describe('update-project', () => {
  it('keeps the value of every field left out', async () => {
    const project = await api.addProject({
      fields: { title: 'Casa Keep', beds: '3', isShow: 'true' },
      banner: true,
      gallery: 1,
    })
    const res = await server.call('PUT', `/api/admin/update-project/${project._id}`, {
      form: fieldsForm({ description: 'Renovated.' }),
    })
    expect(res.status).toBe(200)
    const { description, updatedAt, version, changedAt: _c, ...rest } = res.body.project
    const { description: _d, updatedAt: _u, version: _v, changedAt: _c2, ...before } = project
    expect(version).toBe(project.version + 1)
    expect(description).toBe('Renovated.')
    expect(rest).toEqual(before)
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(project.updatedAt).getTime())
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body.description).toBe('Renovated.')
  })

  it('replaces the featured image and deletes the old file when nothing else uses it', async () => {
    const project = await api.addProject({ fields: { title: 'Casa Replace' } })
    await api.avifSettled()
    const old = project.featuredImage
    expect(await api.filesOf(old)).toContain(`${idOf(old)}.jpg`)

    const res = await server.call('PUT', `/api/admin/update-project/${project._id}`, {
      form: fieldsForm({}, { featuredImage: [await jpeg(700, 500)], galleryImages: [await jpeg(640, 480)] }),
    })
    expect(res.status).toBe(200)
    const updated = res.body.project
    expect(updated.featuredImage).toMatch(IMAGE_PATH)
    expect(updated.featuredImage).not.toBe(old)
    expect(updated.galleryImages).toHaveLength(1)
    expect(await api.filesOf(old)).toEqual([])
    expect((await fetch(`${server.url}${old}`)).status).toBe(404)
    expect(await server.database.db.select().from(images).where(eq(images.path, old))).toEqual([])
    expect((await fetch(`${server.url}${updated.featuredImage}`)).status).toBe(200)
  })

  it('keeps the old featured file while a translation still shows it', async () => {
    const original = await api.addProject({ fields: { title: 'Casa Shared' } })
    const es = await api.translate(original, { title: 'Casa Compartida' })
    expect(es.featuredImage).toBe(original.featuredImage)
    await api.avifSettled()
    const res = await server.call('PUT', `/api/admin/update-project/${original._id}`, {
      form: fieldsForm({}, { featuredImage: [await jpeg(700, 500)] }),
    })
    expect(res.status).toBe(200)
    expect(await api.filesOf(original.featuredImage)).toContain(`${idOf(original.featuredImage)}.jpg`)
    expect((await fetch(`${server.url}${original.featuredImage}`)).status).toBe(200)
  })

  it('keeps a removal made while a save was storing its uploads (no lost update)', async () => {
    const project = await api.addProject({ fields: { title: 'Casa Race' }, gallery: 3 })
    const [removed, ...kept] = project.galleryImages as string[]
    // The save's uploads take a while to process; the removal lands in the meantime.
    const big = await Promise.all([jpeg(2400, 1600), jpeg(2400, 1601), jpeg(2400, 1602)])
    const saving = server.call('PUT', `/api/admin/update-project/${project._id}`, {
      form: fieldsForm({ description: 'Saved during a removal.' }, { galleryImages: big }),
    })
    await new Promise((resolve) => setTimeout(resolve, 30))
    const removal = await server.call('POST', '/api/admin/remove-image', {
      json: { projectId: project._id, imageName: removed },
    })
    const saved = await saving
    expect(removal.status).toBe(200)
    expect(saved.status).toBe(200)
    const now = (await server.call('GET', `/api/admin/get-project/${project._id}`)).body
    expect(now.description).toBe('Saved during a removal.')
    expect(now.galleryImages).not.toContain(removed)
    expect(now.galleryImages.slice(0, 2)).toEqual(kept)
    expect(now.galleryImages).toHaveLength(5)
  })

  it("answers 404 'Project not found!' for an unknown project", async () => {
    const res = await server.call('PUT', '/api/admin/update-project/00000000-0000-4000-8000-000000000000', {
      form: fieldsForm({ title: 'Nobody' }),
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Project not found!')
  })
})

describe('delete-project', () => {
  it('deleting an original deletes its translations and every image file only they used', async () => {
    const amenity = await api.uploadImage()
    const original = await api.addProject({
      fields: { title: 'Casa Delete', amenities: JSON.stringify([{ title: 'Spa', image: amenity }]) },
      banner: true,
      gallery: 1,
    })
    const es = await api.translate(original, { title: 'Casa Borrar' }, { galleryImages: [await jpeg(640, 480)] })
    const paths = [
      ...new Set([
        original.featuredImage,
        original.galleryBannerImage,
        amenity,
        ...original.galleryImages,
        ...es.galleryImages,
      ]),
    ]
    expect(paths).toHaveLength(5)
    await api.avifSettled()
    for (const p of paths) expect((await api.filesOf(p)).length).toBeGreaterThan(1)

    const res = await server.call('DELETE', `/api/admin/delete-project/${original._id}`)
    expect(res.status).toBe(200)
    for (const id of [original._id, es._id])
      expect((await server.call('GET', `/api/admin/get-project/${id}`)).status).toBe(404)
    // In the trash every file is kept; the purge deletes those only the group used (issue 22).
    for (const p of paths) expect((await api.filesOf(p)).length).toBeGreaterThan(1)
    expect((await server.call('DELETE', `/api/admin/purge/project/${original._id}`)).status).toBe(200)
    for (const p of paths) expect(await api.filesOf(p)).toEqual([])
    expect(await server.database.db.select().from(images).where(inArray(images.path, paths))).toEqual([])
  })

  it('keeps an image another project still uses', async () => {
    const shared = await api.uploadImage()
    const amenities = JSON.stringify([{ title: 'Pool', image: shared }])
    const first = await api.addProject({ fields: { title: 'Casa First', amenities } })
    const second = await api.addProject({ fields: { title: 'Casa Second', amenities } })
    await api.avifSettled()
    expect((await server.call('DELETE', `/api/admin/delete-project/${first._id}`)).status).toBe(200)
    expect((await server.call('DELETE', `/api/admin/purge/project/${first._id}`)).status).toBe(200)
    expect(await api.filesOf(first.featuredImage)).toEqual([])
    expect(await api.filesOf(shared)).toContain(`${idOf(shared)}.jpg`)
    expect((await fetch(`${server.url}${shared}`)).status).toBe(200)
    expect((await server.call('GET', `/api/admin/get-project/${second._id}`)).body.amenities[0].image).toBe(shared)
  })

  it("deleting a translation keeps the original and its images; an unknown id is 404 'Project not found!'", async () => {
    const original = await api.addProject({ fields: { title: 'Casa Keep Original' } })
    const es = await api.translate(original, { title: 'Casa Mantener' })
    await api.avifSettled()
    expect((await server.call('DELETE', `/api/admin/delete-project/${es._id}`)).status).toBe(200)
    const read = await server.call('GET', `/api/admin/get-project/${original._id}`)
    expect(read.body.translations).toEqual([])
    expect(await api.filesOf(original.featuredImage)).toContain(`${idOf(original.featuredImage)}.jpg`)

    const again = await server.call('DELETE', `/api/admin/delete-project/${es._id}`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Project not found!')
    expect((await server.call('DELETE', `/api/admin/delete-project/${original._id}`, { token: null })).status).toBe(401)
  })
})
