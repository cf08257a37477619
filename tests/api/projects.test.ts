import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectForm } from '../support/factories.js'
import { IMAGE_PATH, type projectApi, startProjectServer } from '../support/project-api.js'
import type { TestServer } from '../support/test-server.js'

let server: TestServer
let api: ReturnType<typeof projectApi>
beforeAll(async () => ({ server, api } = await startProjectServer()))
afterAll(() => server.close())

const get = (urlPath: string) => server.call('GET', urlPath, { token: null })

describe('add-project', () => {
  it('stores every field, the featured, banner and gallery files and the uploaded amenity images', async () => {
    const pool = await api.uploadImage()
    const gym = await api.uploadImage()
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
    const project = await api.addProject({ fields, banner: true, gallery: 2 })

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
    await api.avifSettled()
    const filesBefore = await api.storedFiles()
    const form = await projectForm({ fields, banner: true, gallery: 1 })
    if (field === 'title') form.delete('title')
    const res = await server.call('POST', '/api/admin/add-project', { form })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe(field)
    expect(res.body.message).toBe(message)
    expect((await server.call('GET', '/api/admin/get-projects')).body).toHaveLength(before)
    expect(await api.storedFiles()).toEqual(filesBefore)
  })

  it('needs a token', async () => {
    const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(), token: null })
    expect(res.status).toBe(401)
  })
})

describe('reading projects', () => {
  it('get-projects lists originals and translations, newest first', async () => {
    const a = await api.addProject({ fields: { title: 'Order A' }, featured: false })
    const b = await api.addProject({ fields: { title: 'Order B' }, featured: false })
    const aEs = await api.translate(a, { title: 'Orden A' })
    const c = await api.addProject({ fields: { title: 'Order C' }, featured: false })
    const res = await get('/api/admin/get-projects')
    expect(res.status).toBe(200)
    const mine = [a, b, aEs, c].map((p) => p._id)
    expect(res.body.map((p: { _id: string }) => p._id).filter((id: string) => mine.includes(id))).toEqual(
      mine.reverse(),
    )
  })

  it('get-projects/{lang} gives each original in that language when translated, else the original, newest first', async () => {
    const a = await api.addProject({ fields: { title: 'Lang A' }, featured: false })
    const b = await api.addProject({ fields: { title: 'Lang B' }, featured: false })
    const c = await api.addProject({ fields: { title: 'Lang C' }, featured: false })
    const aEs = await api.translate(a, { title: 'Idioma A' })
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
    const project = await api.addProject({ fields: { title: 'Casa Single' } })
    const byId = await get(`/api/admin/single-project/${project._id}`)
    const bySlug = await get(`/api/admin/single-project/${project.slug}`)
    expect(byId.status).toBe(200)
    // The admin's answer has the publishing fields (issue 22) besides the public ones.
    expect(project).toMatchObject(byId.body)
    expect(byId.body.publishStatus).toBeUndefined()
    expect(byId.body.draft).toBeUndefined()
    expect(bySlug.body).toEqual(byId.body)
    for (const unknown of ['no-such-villa', '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/admin/single-project/${unknown}`)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Project not found!')
    }
  })

  it('get-project/{id} needs a token and is 404 for an unknown id', async () => {
    const project = await api.addProject({ fields: { title: 'Casa Admin' } })
    expect((await get(`/api/admin/get-project/${project._id}`)).status).toBe(401)
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body).toEqual(project)
    const missing = await server.call('GET', '/api/admin/get-project/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Project not found!')
  })

  it('get-project-translations/{id} lists the translations of an original', async () => {
    const original = await api.addProject({ fields: { title: 'Casa Translations' } })
    expect((await server.call('GET', `/api/admin/get-project-translations/${original._id}`)).body).toEqual([])
    const es = await api.translate(original, { title: 'Casa Traducciones' })
    expect((await get(`/api/admin/get-project-translations/${original._id}`)).status).toBe(401)
    const res = await server.call('GET', `/api/admin/get-project-translations/${original._id}`)
    expect(res.status).toBe(200)
    // A list has every publishing field but the draft, which only get-project answers.
    const { draft: _draft, ...listed } = es
    expect(res.body).toEqual([listed])
  })
})

describe('slugs', () => {
  it('are made from the title, transliterated to ASCII', async () => {
    const project = await api.addProject({ fields: { title: 'Villa Ñandú Åre' }, featured: false })
    expect(project.slug).toBe('villa-nandu-are')
    expect((await get('/api/admin/single-project/villa-nandu-are')).body._id).toBe(project._id)
  })

  it('are never empty, also for a title with no Latin letters, and stay unique', async () => {
    const first = await api.addProject({ fields: { title: '🏡🌴' }, featured: false })
    const second = await api.addProject({ fields: { title: '海景别墅' }, featured: false })
    for (const p of [first, second]) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(second.slug).not.toBe(first.slug)
    expect((await get(`/api/admin/single-project/${second.slug}`)).body._id).toBe(second._id)
  })

  it('get -2, -3 for a title already used', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await api.addProject({ fields: { title: 'Villa Twin' }, featured: false })).slug)
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
