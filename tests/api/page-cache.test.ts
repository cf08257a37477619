import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TAGLINE } from '../../src/shared/constants.js'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// The public site over real HTTP (needs `npm run build`, which `npm test` runs first).
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ site: true })
  await server.login()
})
afterAll(() => server.close())

describe('page cache', () => {
  it('answers a repeat visit with the same page and every header of the first answer', async () => {
    const first = await rawGet(server.url, '/')
    const again = await rawGet(server.url, '/')
    expect(first.status).toBe(200)
    expect(first.body.toString()).toContain(TAGLINE)
    expect(again.body.equals(first.body)).toBe(true)
    for (const name of [
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'etag',
      'cache-control',
    ]) {
      expect(first.headers[name], name).toBeTruthy()
      expect(again.headers[name], name).toEqual(first.headers[name])
    }
    expect(again.headers['content-length']).toBe(String(first.body.length))
  })

  it('answers brotli, gzip or plain as asked, all the same page', async () => {
    const plain = (await rawGet(server.url, '/all-projects')).body
    const br = await rawGet(server.url, '/all-projects', { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await rawGet(server.url, '/all-projects', { 'accept-encoding': 'gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.length / 3)
  })

  it('answers 304 to a matching If-None-Match and headers alone to HEAD', async () => {
    const first = await rawGet(server.url, '/about')
    const notModified = await rawGet(server.url, '/about', { 'if-none-match': String(first.headers.etag) })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    const head = await rawGet(server.url, '/about', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(first.body.length))
    expect(head.body.length).toBe(0)
  })

  it('keeps the 404 status of the not-found page on every visit', async () => {
    const unknownLanguage = await rawGet(server.url, '/zz/all-projects')
    expect(unknownLanguage.status).toBe(302)
    expect(unknownLanguage.headers.location).toBe('/404')
    expect((await rawGet(server.url, '/404')).status).toBe(404)
    expect((await rawGet(server.url, '/404')).status).toBe(404)
  })

  it('shows a new project on the next visit after it is added', async () => {
    await rawGet(server.url, '/')
    const added = await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Cache Buster, Benahavís', isShow: 'true' } }),
    })
    expect(added.status).toBe(200)
    expect((await rawGet(server.url, '/')).body.toString()).toContain('Villa Cache Buster, Benahavís')
  })

  it('shows changed page text on the next visit after a translation is saved', async () => {
    await server.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })
    expect((await rawGet(server.url, '/es')).body.toString()).toContain(TAGLINE)
    const page = (await server.call('POST', '/api/admin/add-translation', { json: { page: 'home' } })).body.translation
    const saved = await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { translations: [{ es: { [TAGLINE]: 'Villas de lujo en la Costa del Sol' } }] },
    })
    expect(saved.status).toBe(200)
    const spanish = (await rawGet(server.url, '/es')).body.toString()
    expect(spanish).toContain('>Villas de lujo en la Costa del Sol</')
    expect(spanish).not.toContain(`>${TAGLINE}</`)
  })
})
