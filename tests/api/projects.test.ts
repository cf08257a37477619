import { eq, inArray } from 'drizzle-orm'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images } from '../../src/server/db/schema.js'
import { fieldsForm, projectForm, type ProjectFormOptions } from '../support/factories.js'
import { blob, jpeg } from '../support/images.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await server.login()
  expect((await server.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })).status).toBe(
    200,
  )
})
afterAll(() => server.close())

const IMAGE_PATH = /^\/uploads\/[a-f0-9]{24}\.jpg$/
const idOf = (imagePath: string) => imagePath.slice('/uploads/'.length, '/uploads/'.length + 24)

async function addProject(options: ProjectFormOptions = {}) {
  const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(options) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project
}

async function uploadImage(buffer?: Buffer): Promise<string> {
  const form = new FormData()
  form.append('image', blob(buffer ?? (await jpeg(600, 400))), 'amenity.jpg')
  const res = await server.call('POST', '/api/admin/upload-image', { form })
  expect(res.status).toBe(200)
  return res.body.image
}

/** Every file in dataDir/uploads (the temp folder aside). */
const storedFiles = async () => (await readdir(path.join(server.dataDir, 'uploads'))).filter((f) => f !== '.tmp')
const filesOf = async (imagePath: string) => (await storedFiles()).filter((f) => f.startsWith(idOf(imagePath)))

/** Waits until the background AVIF encoder has no work left, so the file list is stable. */
async function avifSettled() {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const pending = await server.database.db.select().from(images).where(eq(images.avifReady, false))
    if (pending.length === 0) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('AVIF variants are still pending')
}

async function translate(
  parent: { _id: string },
  fields: Record<string, string>,
  files: Record<string, Buffer[]> = {},
) {
  const form = fieldsForm({ translate: 'true', parentId: parent._id, language: 'es', ...fields }, files)
  const res = await server.call('POST', '/api/admin/add-project', { form })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project
}

const get = (urlPath: string) => server.call('GET', urlPath, { token: null })

describe('add-project', () => {
  it('stores every field, the featured, banner and gallery files and the uploaded amenity images', async () => {
    const pool = await uploadImage()
    const gym = await uploadImage()
    const amenities = [
      { title: 'Infinity pool', image: pool },
      { title: 'Gym', image: gym },
    ]
    const fields = {
      title: 'Villa Horizonte',
      description: 'Sea views from every room.',
      status: 'Completed 2025',
      space: '640 m²',
      isShow: 'true',
      beds: '5',
      baths: '4',
      galleryTitle1: 'Living',
      galleryDesc1: 'Open plan.',
      galleryTitle2: 'Outside',
      galleryDesc2: 'Terraces.',
      language: 'en',
      amenities: JSON.stringify(amenities),
    }
    const project = await addProject({ fields, banner: true, gallery: 2 })

    expect(project).toMatchObject({
      ...fields,
      isShow: true,
      beds: 5,
      baths: 4,
      amenities,
      slug: 'villa-horizonte',
      parentId: null,
      translations: [],
    })
    expect(project._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(project.featuredImage).toMatch(IMAGE_PATH)
    expect(project.galleryBannerImage).toMatch(IMAGE_PATH)
    expect(project.galleryImages).toHaveLength(2)
    const all = [project.featuredImage, project.galleryBannerImage, ...project.galleryImages, pool, gym]
    expect(new Set(all).size).toBe(6)
    for (const imagePath of all) {
      const res = await fetch(`${server.url}${imagePath}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
    }

    const read = await server.call('GET', `/api/admin/get-project/${project._id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(project)
  })

  const unknownImage = `/uploads/${'ab'.repeat(12)}.jpg`
  it.each([
    ['a missing title', { title: '' }, 'title', 'Title is required'],
    ['beds that are not a number', { beds: 'four' }, 'beds', 'Beds must be a whole number from 0 to 1000'],
    ['negative baths', { baths: '-1' }, 'baths', 'Baths must be a whole number from 0 to 1000'],
    ['amenities that are not JSON', { amenities: '[{"title": "Pool"' }, 'amenities', 'Amenities must be valid JSON'],
    ['an unknown language', { language: 'xx' }, 'language', 'Language "xx" does not exist'],
    [
      'an amenity image the server never stored',
      { amenities: JSON.stringify([{ title: 'Pool', image: unknownImage }]) },
      'amenities',
      'Amenity Image must be an image uploaded to this server',
    ],
  ])('answers 400 naming the field for %s, and stores nothing', async (_, fields, field, message) => {
    const before = (await server.call('GET', '/api/admin/get-projects')).body.length
    await avifSettled()
    const filesBefore = await storedFiles()
    const form = await projectForm({ fields, banner: true, gallery: 1 })
    if (field === 'title') form.delete('title')
    const res = await server.call('POST', '/api/admin/add-project', { form })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
    expect(res.body.message).toBe(message)
    expect((await server.call('GET', '/api/admin/get-projects')).body).toHaveLength(before)
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('needs a token', async () => {
    const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(), token: null })
    expect(res.status).toBe(401)
  })
})

describe('reading projects', () => {
  it('get-projects lists originals and translations, newest first', async () => {
    const a = await addProject({ fields: { title: 'Order A' }, featured: false })
    const b = await addProject({ fields: { title: 'Order B' }, featured: false })
    const aEs = await translate(a, { title: 'Orden A' })
    const c = await addProject({ fields: { title: 'Order C' }, featured: false })
    const res = await get('/api/admin/get-projects')
    expect(res.status).toBe(200)
    const mine = [a, b, aEs, c].map((p) => p._id)
    expect(res.body.map((p: { _id: string }) => p._id).filter((id: string) => mine.includes(id))).toEqual(
      mine.reverse(),
    )
  })

  it('get-projects/{lang} gives each original in that language when translated, else the original, newest first', async () => {
    const a = await addProject({ fields: { title: 'Lang A' }, featured: false })
    const b = await addProject({ fields: { title: 'Lang B' }, featured: false })
    const c = await addProject({ fields: { title: 'Lang C' }, featured: false })
    const aEs = await translate(a, { title: 'Idioma A' })
    const ids = (body: { _id: string }[]) => body.map((p) => p._id)

    const es = await get('/api/admin/get-projects/es')
    expect(es.status).toBe(200)
    const relevant = [a, b, c, aEs].map((p) => p._id)
    expect(ids(es.body).filter((id) => relevant.includes(id))).toEqual([c._id, b._id, aEs._id])
    expect(es.body.find((p: { _id: string }) => p._id === aEs._id)).toMatchObject({ title: 'Idioma A', language: 'es' })
    // Upper case is the same language.
    expect(ids((await get('/api/admin/get-projects/ES')).body)).toEqual(ids(es.body))

    const en = await get('/api/admin/get-projects/en')
    expect(ids(en.body).filter((id) => relevant.includes(id))).toEqual([c._id, b._id, a._id])
    expect(en.body.every((p: { parentId: unknown }) => p.parentId === null)).toBe(true)
  })

  it('get-projects/{lang} is 404 for a language that does not exist', async () => {
    const res = await get('/api/admin/get-projects/zz')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Language not found')
  })

  it('single-project finds a project by _id and by slug, publicly, and is 404 for an unknown one', async () => {
    const project = await addProject({ fields: { title: 'Casa Single' } })
    const byId = await get(`/api/admin/single-project/${project._id}`)
    const bySlug = await get(`/api/admin/single-project/${project.slug}`)
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual(project)
    expect(bySlug.body).toEqual(project)
    for (const unknown of ['no-such-villa', '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/admin/single-project/${unknown}`)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Project not found!')
    }
  })

  it('get-project/{id} needs a token and is 404 for an unknown id', async () => {
    const project = await addProject({ fields: { title: 'Casa Admin' } })
    expect((await get(`/api/admin/get-project/${project._id}`)).status).toBe(401)
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body).toEqual(project)
    const missing = await server.call('GET', '/api/admin/get-project/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Project not found!')
  })

  it('get-project-translations/{id} lists the translations of an original', async () => {
    const original = await addProject({ fields: { title: 'Casa Translations' } })
    expect((await server.call('GET', `/api/admin/get-project-translations/${original._id}`)).body).toEqual([])
    const es = await translate(original, { title: 'Casa Traducciones' })
    expect((await get(`/api/admin/get-project-translations/${original._id}`)).status).toBe(401)
    const res = await server.call('GET', `/api/admin/get-project-translations/${original._id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([es])
  })
})

describe('slugs', () => {
  it('are made from the title, transliterated to ASCII', async () => {
    const project = await addProject({ fields: { title: 'Villa Ñandú Åre' }, featured: false })
    expect(project.slug).toBe('villa-nandu-are')
    expect((await get('/api/admin/single-project/villa-nandu-are')).body._id).toBe(project._id)
  })

  it('are never empty, also for a title with no Latin letters, and stay unique', async () => {
    const first = await addProject({ fields: { title: '🏡🌴' }, featured: false })
    const second = await addProject({ fields: { title: '海景别墅' }, featured: false })
    for (const p of [first, second]) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(second.slug).not.toBe(first.slug)
    expect((await get(`/api/admin/single-project/${second.slug}`)).body._id).toBe(second._id)
  })

  it('get -2, -3 for a title already used', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await addProject({ fields: { title: 'Villa Twin' }, featured: false })).slug)
    expect(slugs).toEqual(['villa-twin', 'villa-twin-2', 'villa-twin-3'])
  })

  it('stay unique when the same title is added twice at the same time', async () => {
    const forms = await Promise.all(
      [1, 2, 3].map(() => projectForm({ fields: { title: 'Villa Race' }, featured: false })),
    )
    const results = await Promise.all(forms.map((form) => server.call('POST', '/api/admin/add-project', { form })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(results.map((r) => r.body.project.slug).sort()).toEqual(['villa-race', 'villa-race-2', 'villa-race-3'])
  })
})

describe('update-project', () => {
  it('keeps the value of every field left out', async () => {
    const project = await addProject({
      fields: { title: 'Casa Keep', beds: '3', isShow: 'true' },
      banner: true,
      gallery: 1,
    })
    const res = await server.call('PUT', `/api/admin/update-project/${project._id}`, {
      form: fieldsForm({ description: 'Renovated.' }),
    })
    expect(res.status).toBe(200)
    const { description, updatedAt, ...rest } = res.body.project
    const { description: _d, updatedAt: _u, ...before } = project
    expect(description).toBe('Renovated.')
    expect(rest).toEqual(before)
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(project.updatedAt).getTime())
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body.description).toBe('Renovated.')
  })

  it('replaces the featured image and deletes the old file when nothing else uses it', async () => {
    const project = await addProject({ fields: { title: 'Casa Replace' } })
    await avifSettled()
    const old = project.featuredImage
    expect(await filesOf(old)).toContain(`${idOf(old)}.jpg`)

    const res = await server.call('PUT', `/api/admin/update-project/${project._id}`, {
      form: fieldsForm({}, { featuredImage: [await jpeg(700, 500)], galleryImages: [await jpeg(640, 480)] }),
    })
    expect(res.status).toBe(200)
    const updated = res.body.project
    expect(updated.featuredImage).toMatch(IMAGE_PATH)
    expect(updated.featuredImage).not.toBe(old)
    expect(updated.galleryImages).toHaveLength(1)
    expect(await filesOf(old)).toEqual([])
    expect((await fetch(`${server.url}${old}`)).status).toBe(404)
    expect(await server.database.db.select().from(images).where(eq(images.path, old))).toEqual([])
    expect((await fetch(`${server.url}${updated.featuredImage}`)).status).toBe(200)
  })

  it('keeps the old featured file while a translation still shows it', async () => {
    const original = await addProject({ fields: { title: 'Casa Shared' } })
    const es = await translate(original, { title: 'Casa Compartida' })
    expect(es.featuredImage).toBe(original.featuredImage)
    await avifSettled()
    const res = await server.call('PUT', `/api/admin/update-project/${original._id}`, {
      form: fieldsForm({}, { featuredImage: [await jpeg(700, 500)] }),
    })
    expect(res.status).toBe(200)
    expect(await filesOf(original.featuredImage)).toContain(`${idOf(original.featuredImage)}.jpg`)
    expect((await fetch(`${server.url}${original.featuredImage}`)).status).toBe(200)
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
    const amenity = await uploadImage()
    const original = await addProject({
      fields: { title: 'Casa Delete', amenities: JSON.stringify([{ title: 'Spa', image: amenity }]) },
      banner: true,
      gallery: 1,
    })
    const es = await translate(original, { title: 'Casa Borrar' }, { galleryImages: [await jpeg(640, 480)] })
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
    await avifSettled()
    for (const p of paths) expect((await filesOf(p)).length).toBeGreaterThan(1)

    const res = await server.call('DELETE', `/api/admin/delete-project/${original._id}`)
    expect(res.status).toBe(200)
    for (const id of [original._id, es._id])
      expect((await server.call('GET', `/api/admin/get-project/${id}`)).status).toBe(404)
    for (const p of paths) expect(await filesOf(p)).toEqual([])
    expect(await server.database.db.select().from(images).where(inArray(images.path, paths))).toEqual([])
  })

  it('keeps an image another project still uses', async () => {
    const shared = await uploadImage()
    const amenities = JSON.stringify([{ title: 'Pool', image: shared }])
    const first = await addProject({ fields: { title: 'Casa First', amenities } })
    const second = await addProject({ fields: { title: 'Casa Second', amenities } })
    await avifSettled()
    expect((await server.call('DELETE', `/api/admin/delete-project/${first._id}`)).status).toBe(200)
    expect(await filesOf(first.featuredImage)).toEqual([])
    expect(await filesOf(shared)).toContain(`${idOf(shared)}.jpg`)
    expect((await fetch(`${server.url}${shared}`)).status).toBe(200)
    expect((await server.call('GET', `/api/admin/get-project/${second._id}`)).body.amenities[0].image).toBe(shared)
  })

  it("deleting a translation keeps the original and its images; an unknown id is 404 'Project not found!'", async () => {
    const original = await addProject({ fields: { title: 'Casa Keep Original' } })
    const es = await translate(original, { title: 'Casa Mantener' })
    await avifSettled()
    expect((await server.call('DELETE', `/api/admin/delete-project/${es._id}`)).status).toBe(200)
    const read = await server.call('GET', `/api/admin/get-project/${original._id}`)
    expect(read.body.translations).toEqual([])
    expect(await filesOf(original.featuredImage)).toContain(`${idOf(original.featuredImage)}.jpg`)

    const again = await server.call('DELETE', `/api/admin/delete-project/${es._id}`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Project not found!')
    expect((await server.call('DELETE', `/api/admin/delete-project/${original._id}`, { token: null })).status).toBe(401)
  })
})
