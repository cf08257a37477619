import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({}, 'es')
})
afterAll(() => server.close())

const addPage = (page: unknown) => server.call('POST', '/api/admin/add-translation', { json: { page } })

describe('translation pages', () => {
  it('adds a page by slug and answers {translation}', async () => {
    const res = await addPage('about')
    expect(res.status).toBe(200)
    expect(res.body.translation).toMatchObject({ _id: expect.any(String), page: 'about', translations: [{}] })
  })

  it('requires a page slug, refuses odd slugs and duplicates', async () => {
    expect(await server.call('POST', '/api/admin/add-translation', { json: {} })).toMatchObject({
      status: 400,
      body: { message: 'Page Slug is required', field: 'page' },
    })
    expect((await addPage('  ')).status).toBe(400)
    expect((await addPage('../secret')).status).toBe(400)
    expect((await addPage('contact')).status).toBe(200)
    expect((await addPage('Contact')).status).toBe(409)
  })

  it('stores translations in the spec shape and serves them publicly by slug', async () => {
    const page = (await addPage('home')).body.translation
    const translations = [{ es: { 'View All': 'Ver todo', 'Start Now': 'Empezar' }, en: { 'Start Now': 'Start now!' } }]
    const res = await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { page: 'home', translations },
    })
    expect(res.status).toBe(200)
    expect(res.body.translation.translations).toEqual(translations)

    const pub = await server.call('GET', '/api/admin/get-translation-page/home', { token: null })
    expect(pub.status).toBe(200)
    expect(pub.body).toEqual({ _id: page._id, page: 'home', translations })
  })

  it('accepts translations sent as a JSON string (multipart-style)', async () => {
    const page = (await addPage('coming-soon')).body.translation
    const res = await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { translations: JSON.stringify([{ es: { 'Coming Soon!': '¡Próximamente!' } }]) },
    })
    expect(res.status).toBe(200)
    expect(res.body.translation.translations[0].es['Coming Soon!']).toBe('¡Próximamente!')
  })

  it('refuses malformed translations and unknown language codes without changing the page', async () => {
    const page = (await server.call('GET', '/api/admin/get-translation-page/home')).body
    const put = (json: unknown) => server.call('PUT', `/api/admin/update-translation/${page._id}`, { json })
    expect((await put({ translations: 'not json' })).status).toBe(400)
    expect((await put({ translations: [] })).status).toBe(400)
    expect((await put({ translations: [{ es: { a: 5 } }] })).status).toBe(400)
    expect((await put({ translations: { es: {} } })).status).toBe(400)
    const unknown = await put({ translations: [{ zz: { a: 'b' } }] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toContain('zz')
    const after = await server.call('GET', '/api/admin/get-translation-page/home')
    expect(after.body.translations).toEqual(page.translations)
  })

  it('renaming a page onto another page is a 409', async () => {
    const page = (await server.call('GET', '/api/admin/get-translation-page/home')).body
    const res = await server.call('PUT', `/api/admin/update-translation/${page._id}`, { json: { page: 'about' } })
    expect(res.status).toBe(409)
  })

  it('lists pages for the admin and answers one by id', async () => {
    const list = await server.call('GET', '/api/admin/get-translations')
    expect(list.body.map((p: { page: string }) => p.page)).toEqual(['about', 'coming-soon', 'contact', 'home'])
    const one = await server.call('GET', `/api/admin/get-translation/${list.body[0]._id}`)
    expect(one.body.page).toBe('about')
    expect((await server.call('GET', '/api/admin/get-translations', { token: null })).status).toBe(401)
  })

  it('answers 404 for an unknown page or id', async () => {
    expect((await server.call('GET', '/api/admin/get-translation-page/nope', { token: null })).status).toBe(404)
    expect((await server.call('GET', '/api/admin/get-translation/00000000-0000-0000-0000-000000000000')).status).toBe(
      404,
    )
    expect(
      (await server.call('PUT', '/api/admin/update-translation/00000000-0000-0000-0000-000000000000', { json: {} }))
        .status,
    ).toBe(404)
  })

  it('deletes a page', async () => {
    const page = (await addPage('privacy')).body.translation
    expect((await server.call('DELETE', `/api/admin/delete-translation/${page._id}`)).status).toBe(200)
    expect((await server.call('GET', '/api/admin/get-translation-page/privacy')).status).toBe(404)
  })
})
