import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApertium } from '../support/apertium.js'
import { publishingApi } from '../support/publishing-api.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// A real Apertium APy on loopback, English → Spanish (issue 40, item 2).

let server: TestServer
let apertium: { url: string; stop: () => void }
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  apertium = await startApertium()
  server = await startSignedIn({ env: { APERTIUM_URL: apertium.url } }, 'es', 'sv')
  api = publishingApi(server)
}, 90_000)
afterAll(async () => {
  await server?.close()
  apertium?.stop()
})

describe('Apertium English → Spanish', () => {
  it('fills the Spanish draft of a demo-like project, numbers and line breaks kept, and refuses a pair it lacks', async () => {
    const info = await server.call('GET', '/api/admin/machine-translation')
    expect(info.body.provider).toBe('apertium')
    expect(info.body.pairs).toContainEqual({ source: 'en', target: 'es' })

    const project = await api.addProject({
      project: {
        title: 'Modern villa with sea views',
        description: 'A modern villa of 640 m² with a private pool.\nThe house has 5 bedrooms and a large garden.',
        galleryTitle1: 'The living room',
        amenities: [{ title: 'Swimming pool', image: null }],
      },
    })
    const res = await server.call('POST', `/api/admin/machine-translate/project/${project._id}`, {
      json: { language: 'es' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.provider).toBe('apertium')
    expect(res.body.fields.every((f: any) => f.state === 'filled')).toBe(true)
    const translation = await api.getProject(res.body.translationId)
    expect(translation.language).toBe('es')
    expect(translation.publishStatus).toBe('draft')
    const description: string = translation.draft.description
    expect(description).toContain('640 m²')
    expect(description.split('\n')).toHaveLength(2)
    expect(description).toMatch(/villa/i)
    expect(description).not.toContain('<x')
    expect(translation.draft.amenities[0].title).not.toBe('Swimming pool')

    const history = await server.call('GET', `/api/admin/audit-log?action=machine-translate`)
    expect(JSON.stringify(history.body)).toContain('apertium')

    const sv = await server.call('POST', `/api/admin/machine-translate/project/${project._id}`, {
      json: { language: 'sv' },
    })
    expect(sv.status).toBe(400)
    expect(sv.body.message).toContain('from en into sv')
  })

  it('fills the Spanish draft of a page text, key by key', async () => {
    const created = await server.call('POST', '/api/admin/add-translation', { json: { page: 'apertium-home' } })
    const id = created.body.translation._id
    const en = { Welcome: 'Welcome to the house.', Garden: 'The garden has a pool.' }
    expect(
      (await server.call('PUT', `/api/admin/update-translation/${id}`, { json: { translations: [{ en }] } })).status,
    ).toBe(200)
    const res = await server.call('POST', `/api/admin/machine-translate/translation-page/${id}`, {
      json: { language: 'es' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const page = (await server.call('GET', `/api/admin/get-translation/${id}`)).body
    expect(page.publishing.es.draft.Welcome).toMatch(/casa/i)
    expect(page.machineFields.es.sort()).toEqual(['text.Garden', 'text.Welcome'])
  })
})
