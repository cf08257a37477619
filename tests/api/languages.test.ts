import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectForm } from '../support/factories.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn()
})
afterAll(() => server.close())

const add = (json: unknown) => server.call('POST', '/api/admin/add-language', { json })

describe('languages', () => {
  it('always has the base language en, publicly listed', async () => {
    const res = await server.call('GET', '/api/admin/get-languages', { token: null })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ _id: expect.any(String), name: 'English', code: 'en' }])
  })

  it('adds a language with a lower-cased code and answers it as {language}', async () => {
    const res = await add({ name: 'Português (Brasil)', code: 'PT-BR' })
    expect(res.status).toBe(200)
    expect(res.body.language).toMatchObject({ name: 'Português (Brasil)', code: 'pt-br', _id: expect.any(String) })
    const one = await server.call('GET', `/api/admin/get-language/${res.body.language._id}`)
    expect(one.body.code).toBe('pt-br')
  })

  it('refuses a missing name or code, a malformed code, and a duplicate code', async () => {
    expect(await add({ code: 'fr' })).toMatchObject({
      status: 400,
      body: { message: 'Name is required', field: 'name' },
    })
    expect(await add({ name: 'French' })).toMatchObject({
      status: 400,
      body: { message: 'Code is required', field: 'code' },
    })
    expect((await add({ name: 'Evil', code: '../etc' })).status).toBe(400)
    expect((await add({ name: 'French', code: 'fr' })).status).toBe(200)
    const dup = await add({ name: 'Français', code: 'FR' })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toContain('"fr"')
  })

  it('refuses a form where JSON is expected, instead of ignoring it', async () => {
    const form = new FormData()
    form.append('name', 'Castellano')
    form.append('code', 'ca')
    const res = await server.call('POST', '/api/admin/add-language', { form })
    expect(res.status).toBe(415)
    expect(res.body.message).toContain('JSON')
  })

  it('needs a token to change languages', async () => {
    expect(
      (await server.call('POST', '/api/admin/add-language', { json: { name: 'X', code: 'xx' }, token: null })).status,
    ).toBe(401)
    expect(
      (await server.call('GET', '/api/admin/get-language/00000000-0000-0000-0000-000000000000', { token: null }))
        .status,
    ).toBe(401)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await server.call('GET', '/api/admin/get-language/00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await server.call('GET', '/api/admin/get-language/not-an-id')).status).toBe(404)
    expect((await server.call('DELETE', '/api/admin/delete-language/not-an-id')).status).toBe(404)
  })

  it('updates name and code; content written in it follows the new code', async () => {
    const de = (await add({ name: 'Deutsch', code: 'de' })).body.language
    const project = await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Haus am Meer', language: 'de' } }),
    })
    expect(project.status).toBe(200)
    const page = (await server.call('POST', '/api/admin/add-translation', { json: { page: 'home' } })).body.translation
    await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { translations: [{ de: { Hello: 'Hallo' } }] },
    })

    const res = await server.call('PUT', `/api/admin/update-language/${de._id}`, {
      json: { name: 'German', code: 'de-de' },
    })
    expect(res.status).toBe(200)
    expect(res.body.language).toMatchObject({ name: 'German', code: 'de-de' })
    const moved = await server.call('GET', `/api/admin/single-project/${project.body.project._id}`)
    expect(moved.body.language).toBe('de-de')
    const text = await server.call('GET', '/api/admin/get-translation-page/home')
    expect(text.body.translations[0]).toEqual({ 'de-de': { Hello: 'Hallo' } })
  })

  it('never deletes or renames en', async () => {
    const en = (await server.call('GET', '/api/admin/get-languages')).body.find(
      (l: { code: string }) => l.code === 'en',
    )
    const del = await server.call('DELETE', `/api/admin/delete-language/${en._id}`)
    expect(del.status).toBe(409)
    const rename = await server.call('PUT', `/api/admin/update-language/${en._id}`, { json: { code: 'en-gb' } })
    expect(rename.status).toBe(409)
  })

  it('refuses to delete a language content still uses, saying how many items', async () => {
    const it_ = (await add({ name: 'Italiano', code: 'it' })).body.language
    await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Uno', language: 'it' } }),
    })
    await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Due', language: 'it' } }),
    })
    const res = await server.call('DELETE', `/api/admin/delete-language/${it_._id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('2 items')
    expect(res.body.message).toContain('2 projects')
  })

  it('deletes an unused language', async () => {
    const nl = (await add({ name: 'Nederlands', code: 'nl' })).body.language
    expect((await server.call('DELETE', `/api/admin/delete-language/${nl._id}`)).status).toBe(200)
    expect((await server.call('GET', `/api/admin/get-language/${nl._id}`)).status).toBe(404)
  })
})
