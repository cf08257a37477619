import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewForm } from '../support/factories.js'
import { publishingApi } from '../support/publishing-api.js'
import { addAccount } from '../support/team.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// GET /api/admin/translation-workbench/{kind}/{id}?language= (issue 40, item 1; decision 145).

let server: TestServer
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  server = await startSignedIn({}, 'es', 'sv')
  api = publishingApi(server)
})
afterAll(() => server.close())

const bench = (kind: string, id: string, query: string, token?: string) =>
  server.call('GET', `/api/admin/translation-workbench/${kind}/${id}?${query}`, token ? { token } : {})

const field = (body: any, key: string) => body.fields.find((f: any) => f.key === key)

describe('the side-by-side read of a project', () => {
  it('shows every translatable field with its source beside the target, and what changed in the source', async () => {
    const original = await api.addProject({
      project: {
        title: 'Villa Mar',
        description: 'A villa by the sea. It has a pool.\nFive beds on 640 m².',
        galleryTitle1: 'Living',
        amenities: [
          { title: 'Pool', image: null },
          { title: 'Gym', image: null },
        ],
      },
    })
    // Before a translation exists: sources, empty targets, no publishing state.
    const before = api.ok(await bench('project', original._id, 'language=es'))
    expect(before).toMatchObject({ kind: 'project', id: original._id, name: 'Villa Mar', language: 'es' })
    expect(before.targetId).toBeNull()
    expect(before.publishing).toBeNull()
    expect(before.fields.map((f: any) => f.key)).toEqual([
      'title',
      'description',
      'galleryTitle1',
      'amenities.0.title',
      'amenities.1.title',
    ])
    expect(field(before, 'description')).toMatchObject({ label: 'Description', long: true, target: '' })
    expect(field(before, 'description').segments.map((s: any) => s.source)).toEqual([
      'A villa by the sea.',
      'It has a pool.',
      'Five beds on 640 m².',
    ])
    expect(field(before, 'amenities.1.title')).toMatchObject({ label: 'Amenity 2 title', source: 'Gym' })

    const es = await api.translate(original._id, {
      title: 'Villa Mar ES',
      description: 'Una villa junto al mar.',
      amenities: JSON.stringify([
        { title: 'Piscina', image: null },
        { title: 'Gimnasio', image: null },
      ]),
      saveAs: 'draft',
    })
    // The original changes: the translation falls behind in those fields only.
    api.ok(
      await api.updateProject(original._id, {
        description: 'A villa by the sea.',
        amenities: JSON.stringify([
          { title: 'Pool', image: null },
          { title: 'Home gym', image: null },
        ]),
      }),
    )
    // Any member of the group names the record.
    const after = api.ok(await bench('project', es._id, 'language=es'))
    expect(after).toMatchObject({ id: original._id, targetId: es._id, publishing: { publishStatus: 'draft' } })
    expect(field(after, 'title')).toMatchObject({ source: 'Villa Mar', target: 'Villa Mar ES', outdated: null })
    expect(field(after, 'description').outdated).toEqual({
      before: 'A villa by the sea. It has a pool.\nFive beds on 640 m².',
      after: 'A villa by the sea.',
    })
    expect(field(after, 'amenities.0.title').outdated).toBeNull()
    expect(field(after, 'amenities.1.title')).toMatchObject({
      target: 'Gimnasio',
      outdated: { before: 'Gym', after: 'Home gym' },
    })
    expect(after.machineFields).toEqual([])
    // The dashboard's attention list links to the side-by-side screen.
    const attention = api.ok(await server.call('GET', '/api/admin/attention'))
    expect(attention.find((item: any) => item.kind === 'project-translations-out-of-date').links).toContainEqual({
      label: 'Villa Mar in es',
      href: `/admin/translate/project/${es._id}/es`,
    })

    // The original's draft on request.
    api.ok(await api.updateProject(original._id, { title: 'Villa Mar (new)', saveAs: 'draft' }))
    expect(field(api.ok(await bench('project', original._id, 'language=es')), 'title').source).toBe('Villa Mar')
    expect(field(api.ok(await bench('project', original._id, 'language=es&source=draft')), 'title').source).toBe(
      'Villa Mar (new)',
    )
  })

  it('a translator reads only their languages; bad input is a 4xx naming what is wrong', async () => {
    const original = await api.addProject({ project: { title: 'Villa Roles' } })
    const translator = await addAccount(server, { username: 'tr-es', role: 'translator', languages: ['es'] })
    expect((await bench('project', original._id, 'language=es', translator.token)).status).toBe(200)
    const refused = await bench('project', original._id, 'language=sv', translator.token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/Translators may/)

    expect((await bench('project', original._id, '')).status).toBe(400)
    expect((await bench('project', original._id, 'language=en')).body.message).toMatch(/original/)
    expect((await bench('project', original._id, 'language=xx')).status).toBe(404)
    expect((await bench('project', original._id, 'language=es&source=old')).status).toBe(400)
    expect((await bench('villa', original._id, 'language=es')).status).toBe(404)
    expect((await bench('project', '00000000-0000-4000-8000-000000000000', 'language=es')).status).toBe(404)
  })
})

describe('what the memory and the glossary offer', () => {
  it('each sentence has its exact memory match or close suggestions, and the glossary terms it holds', async () => {
    const first = await api.addProject({
      project: { title: 'Villa Memoria', description: 'A large villa by the bay. It has a pool.' },
    })
    const es = await api.translate(first._id, {
      title: 'Villa Memoria',
      description: 'Una gran villa junto a la bahía. Tiene una piscina.',
      saveAs: 'draft',
    })
    // Published: its sentences enter the memory.
    api.ok(await api.publish('project', es._id))
    api.ok(
      await server.call('PUT', '/api/admin/glossary/en/es', {
        json: {
          terms: [
            { source: 'pool', target: 'piscina' },
            { source: 'Costa del Sol', target: null },
          ],
        },
      }),
    )
    const second = await api.addProject({
      project: { title: 'Villa Nueva', description: 'A large villa by the sea. It has a pool on the Costa del Sol.' },
    })
    const body = api.ok(await bench('project', second._id, 'language=es'))
    const [sea, pool] = field(body, 'description').segments
    expect(sea).toMatchObject({ source: 'A large villa by the sea.', exact: null, glossary: [] })
    expect(sea.suggestions[0]).toMatchObject({
      source: 'A large villa by the bay.',
      target: 'Una gran villa junto a la bahía.',
    })
    expect(sea.suggestions[0].similarity).toBeGreaterThanOrEqual(0.75)
    expect(pool.glossary).toEqual([
      { source: 'Costa del Sol', target: null },
      { source: 'pool', target: 'piscina' },
    ])
    const exact = api.ok(await bench('project', first._id, 'language=es'))
    expect(field(exact, 'description').segments.map((s: any) => s.exact)).toEqual([
      'Una gran villa junto a la bahía.',
      'Tiene una piscina.',
    ])
  })
})

describe('the side-by-side read of a review and a page text', () => {
  it('a review has its title and description', async () => {
    const review = api.ok(
      await server.call('POST', '/api/admin/add-review', {
        form: await reviewForm({ title: 'Ana', description: 'Great work.' }),
      }),
    ).review
    const body = api.ok(await bench('review', review._id, 'language=sv'))
    expect(body.fields.map((f: any) => [f.key, f.source])).toEqual([
      ['title', 'Ana'],
      ['description', 'Great work.'],
    ])
  })

  it('a page text shows each key with its English, and the keys whose English changed', async () => {
    const page = api.ok(
      await server.call('POST', '/api/admin/add-translation', { json: { page: 'workbench' } }),
    ).translation
    const put = async (translations: object) =>
      api.ok(
        await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
          json: { page: 'workbench', translations: [translations] },
        }),
      )
    // Keys in jsonb's order (shorter first): the update compares a language's text as JSON.
    const es = { Pool: 'Piscina', Welcome: 'Bienvenido a casa' }
    await put({ en: { Pool: '', Welcome: 'Welcome home' }, es })
    await put({ en: { Pool: '', Welcome: 'Welcome to your home' }, es })
    const body = api.ok(await bench('translation-page', page._id, 'language=es'))
    expect(body).toMatchObject({ kind: 'translation-page', name: 'workbench', targetId: page._id })
    expect(field(body, 'text.Welcome')).toMatchObject({
      source: 'Welcome to your home',
      target: 'Bienvenido a casa',
      outdated: { before: 'Welcome home', after: 'Welcome to your home' },
    })
    expect(field(body, 'text.Pool')).toMatchObject({ source: 'Pool', target: 'Piscina', outdated: null })
    expect((await bench('translation-page', page._id, 'language=en')).status).toBe(400)
  })
})
