import { eq } from 'drizzle-orm'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexNowSubmissions } from '../../src/server/db/schema.js'
import { addTranslationPage } from '../../src/server/services/translation-pages.js'
import { reviewForm } from '../support/factories.js'
import { publishingApi } from '../support/publishing-api.js'
import { createTestDatabase } from '../support/test-database.js'
import type { Database } from '../../src/server/db/client.js'
import { startTwoInstances } from '../support/signed-in-server.js'
import { type TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'

// IndexNow (issue 24, item 7): two instances on one database, a local receiver that refuses the
// first attempt; each change arrives once, after a retry. Publish, unpublish (now and scheduled),
// trash and restore each announce their addresses once (decision 113).
const KEY = 'e2f8c1d4a9b64e0f'
let receiver: Server
const received: { status: number; body: any }[] = []
let database: Database
let first: TestServer
let second: TestServer

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      // The first attempt fails, as an endpoint that is down would.
      const status = received.length === 0 ? 503 : 200
      received.push({ status, body: JSON.parse(text) })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/indexnow`
  database = await createTestDatabase()
  const options = {
    database,
    env: { INDEXNOW_KEY: KEY, INDEXNOW_URL: endpoint, PUBLIC_URL: 'https://villas.example' },
    indexNowRetryBaseMs: 200,
    schedulePollMs: 300,
  }
  ;[first, second] = await startTwoInstances(options)
})
afterAll(async () => {
  await first.close()
  await second.close()
  await database.close()
  receiver.close()
})

describe('IndexNow', () => {
  it('serves the key file', async () => {
    const response = await fetch(`${first.url}/${KEY}.txt`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(KEY)
    expect((await fetch(`${first.url}/wrong-key.txt`)).status).toBe(404)
  })

  it('sends changed addresses once across instances, retried until the endpoint takes them', async () => {
    const ctx = first.app.ctx
    await database.db.transaction((tx) =>
      ctx.indexNow!.announceChangedUrls(tx, [
        '/project/villa-sol',
        '/project/villa-sol-old',
        '/project/villa-sol',
        'https://elsewhere.example/x',
      ]),
    )
    ctx.contentChanged()
    second.app.ctx.contentChanged()
    await until('a delivery', async () => received.some((r) => r.status === 200))
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(received.map((r) => r.status)).toEqual([503, 200])
    expect(received[1]!.body).toEqual({
      host: 'villas.example',
      key: KEY,
      keyLocation: `https://villas.example/${KEY}.txt`,
      urlList: ['https://villas.example/project/villa-sol', 'https://villas.example/project/villa-sol-old'],
    })
    const [row] = await database.db.select().from(indexNowSubmissions)
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
    expect(
      await database.db.select().from(indexNowSubmissions).where(eq(indexNowSubmissions.status, 'pending')),
    ).toEqual([])
  })

  it('announces each publish, unpublish, trash and restore once, with every address it changed', async () => {
    const urls = (...paths: string[]) => paths.map((path) => `https://villas.example${path}`)
    const api = publishingApi(first)
    expect(
      (await first.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })).status,
    ).toBe(200)
    const delivered = async (expected: string[]) => {
      await until(`a delivery of ${expected.join(' ')}`, async () =>
        received.some((r) => r.status === 200 && JSON.stringify(r.body.urlList) === JSON.stringify(expected)),
      )
    }
    // Added as published at once: a save that publishes is announced like a publish. Then taken
    // off and put back through either instance.
    const original = await api.addProject({ project: { title: 'Villa Announce' } })
    await delivered(urls(`/project/${original.slug}`))
    const translation = await api.translate(original._id, { title: 'Villa Anuncio', translatedSlug: 'villa-anuncio' })
    await delivered(urls(`/project/${translation.slug}`))
    const group = urls(`/project/${original.slug}`, `/project/${translation.slug}`)
    const deliveriesBefore = received.length

    api.ok(await api.unpublish('project', original._id))
    await delivered(group)
    api.ok(await publishingApi(second).publish('project', original._id))
    // The translation alone: only its own page changes.
    api.ok(await api.unpublish('project', translation._id))
    await delivered(urls(`/project/${translation.slug}`))
    api.ok(await api.publish('project', translation._id))
    // A scheduled unpublish, run by whichever instance claims it.
    const at = new Date(Date.now() + 1500).toISOString()
    api.ok(await api.unpublish('project', original._id, { at }))
    await until(
      'the scheduled unpublish',
      async () => (await api.getProject(original._id)).publishStatus !== 'published',
    )
    api.ok(await api.publish('project', original._id))
    expect((await first.call('DELETE', `/api/admin/delete-project/${original._id}`)).status).toBe(200)
    expect((await second.call('POST', `/api/admin/restore/project/${original._id}`)).status).toBe(200)

    // Eight changes of state: two unpublishes and a trash of the group; three publishes and a
    // restore of the group; and the translation's own two.
    await until('every announcement', async () => received.length - deliveriesBefore >= 8, 20_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const lists = received.slice(deliveriesBefore).map((r) => r.body.urlList)
    expect(received.slice(deliveriesBefore).every((r) => r.status === 200)).toBe(true)
    expect(lists.filter((list) => JSON.stringify(list) === JSON.stringify(group))).toHaveLength(6)
    expect(lists.filter((list) => JSON.stringify(list) === JSON.stringify([group[1]]))).toHaveLength(2)
    expect(lists).toHaveLength(8)
    expect(
      await database.db.select().from(indexNowSubmissions).where(eq(indexNowSubmissions.status, 'pending')),
    ).toEqual([])
  })

  it('announces a page text’s page in the language published or unpublished', async () => {
    const before = received.length
    const { _id: id } = await addTranslationPage(first.app.ctx, 'about', [{ es: { About: 'Sobre nosotros' } }])
    const api = publishingApi(first)
    api.ok(await first.call('POST', `/api/admin/unpublish/translation-page/${id}?language=es`, { json: {} }))
    api.ok(await second.call('POST', `/api/admin/publish/translation-page/${id}?language=es`, { json: {} }))
    await until('both announcements', async () => received.length - before >= 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(received.slice(before).map((r) => r.body.urlList)).toEqual([
      ['https://villas.example/es/about'],
      ['https://villas.example/es/about'],
    ])
  })

  it('announces the home pages that show a review: every language’s for an original', async () => {
    const before = received.length
    const added = await first.call('POST', '/api/admin/add-review', { form: await reviewForm() })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const review = added.body.review
    const api = publishingApi(first)
    api.ok(await api.unpublish('review', review._id))
    // Added (published at once), then unpublished: two announcements of the same pages.
    await until('the announcements', async () => received.length - before >= 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(received.slice(before).map((r) => r.body.urlList)).toEqual([
      ['https://villas.example/', 'https://villas.example/es'],
      ['https://villas.example/', 'https://villas.example/es'],
    ])
  })
})
