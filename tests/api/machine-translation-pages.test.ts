import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deeplEnv, type FakeDeepl, startFakeDeepl } from '../support/fake-deepl.js'
import { publishingApi } from '../support/publishing-api.js'
import { addAccount } from '../support/team.js'
import { type TestServer } from '../support/test-server.js'
import { addLanguages, startSignedIn } from '../support/signed-in-server.js'

// Machine fills of a page text (issue 40, decision 158): each key is a field; the draft of the
// language, machineFields, Approve, MT_REQUIRE_REVIEW on publishing, the memory, bad input.

let server: TestServer
let deepl: FakeDeepl
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  deepl = await startFakeDeepl()
  server = await startSignedIn({
    env: { ...deeplEnv(deepl), MT_REQUIRE_REVIEW: 'true' },
  })
  api = publishingApi(server)
  await addLanguages(server, 'es', 'de')
})
afterAll(async () => {
  await server.close()
  await deepl.close()
})

const fill = (id: string, body: object, token?: string) =>
  server.call('POST', `/api/admin/machine-translate/translation-page/${id}`, {
    json: body,
    ...(token ? { token } : {}),
  })
const translateCalls = () => deepl.requests.filter((r) => r.path === '/v2/translate')

async function addPage(page: string, english: Record<string, string>) {
  const id = api.ok(await server.call('POST', '/api/admin/add-translation', { json: { page } })).translation._id
  api.ok(await server.call('PUT', `/api/admin/update-translation/${id}`, { json: { translations: [{ en: english }] } }))
  return id as string
}

describe('machine fills of a page text', () => {
  it('dry run, fill, machineFields, a refused publish, approve, publish', async () => {
    const id = await addPage('mt-home', { Hello: 'Welcome to the villa.', Call: 'Call us today.' })
    const dry = await fill(id, { language: 'es', dryRun: true })
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.body).toMatchObject({ dryRun: true, translationId: null })
    expect(dry.body.characters).toBeGreaterThan(0)
    expect(translateCalls()).toHaveLength(0)

    const done = await fill(id, { language: 'es' })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.translationId).toBe(id)
    expect(done.body.fields.map((f: any) => f.state)).toEqual(['filled', 'filled'])
    const page = api.ok(await server.call('GET', `/api/admin/get-translation/${id}`))
    expect(page.publishing.es).toMatchObject({ publishStatus: 'draft', hasDraft: true })
    expect(page.publishing.es.draft.Hello).toBe('ES:Welcome to the villa.')
    expect(page.machineFields.es.sort()).toEqual(done.body.fields.map((f: any) => f.field).sort())
    const bench = api.ok(
      await server.call('GET', `/api/admin/translation-workbench/translation-page/${id}?language=es`),
    )
    expect(bench.machineFields).toHaveLength(2)

    const refused = await api.publish('translation-page', id, {}, '?language=es')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain("Review the machine's text")
    // A save that publishes the language at once, one key edited by a person, is refused the
    // same way for the key still the machine's.
    const english = page.publishing.en?.draft ?? (page.translations[0]?.en as Record<string, string>)
    const atOnce = await server.call('PUT', `/api/admin/update-translation/${id}`, {
      json: { translations: [{ en: english, es: { ...page.publishing.es.draft, Call: 'Llámenos hoy.' } }] },
    })
    expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(409)
    expect(atOnce.body.message).toContain('text.Hello')
    expect(atOnce.body.message).not.toContain('text.Call')

    const approved = await server.call('POST', `/api/admin/approve-machine-fields/translation-page/${id}`, {
      json: { language: 'es' },
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.machineFields).toEqual([])
    const published = api.ok(await api.publish('translation-page', id, {}, '?language=es'))
    expect(published.publishing.es.publishStatus).toBe('published')
  })

  it("a person's edit clears the key's mark; a second fill of the same English comes from memory", async () => {
    const id = await addPage('mt-about', { Intro: 'A quiet house by the sea.', Outro: 'See you soon.' })
    api.ok(await fill(id, { language: 'de' }))
    const page = api.ok(await server.call('GET', `/api/admin/get-translation/${id}`))
    const draft = { ...page.publishing.de.draft, Intro: 'Ein ruhiges Haus am Meer.' }
    api.ok(
      await server.call('PUT', `/api/admin/update-translation/${id}`, {
        json: {
          translations: [
            {
              en: page.publishing.en?.draft ?? { Intro: 'A quiet house by the sea.', Outro: 'See you soon.' },
              de: draft,
            },
          ],
          saveAs: 'draft',
        },
      }),
    )
    const edited = api.ok(await server.call('GET', `/api/admin/get-translation/${id}`))
    expect(edited.machineFields.de).toEqual(['text.Outro'])

    // Publishing feeds the memory; a page with the same English then needs no provider request.
    api.ok(
      await server.call('POST', `/api/admin/approve-machine-fields/translation-page/${id}`, {
        json: { language: 'de' },
      }),
    )
    api.ok(await api.publish('translation-page', id, {}, '?language=de'))
    const other = await addPage('mt-about-copy', { Intro: 'A quiet house by the sea.' })
    const before = translateCalls().length
    const again = api.ok(await fill(other, { language: 'de' }))
    expect(again.characters).toBe(0)
    expect(again.fields[0].segments[0].from).toBe('memory')
    expect(translateCalls()).toHaveLength(before)
  })

  it("the spec's update-translation, which publishes at once, feeds the memory too", async () => {
    const id = await addPage('mt-contact', { Lead: 'Write to us today.' })
    api.ok(
      await server.call('PUT', `/api/admin/update-translation/${id}`, {
        json: { translations: [{ en: { Lead: 'Write to us today.' }, es: { Lead: 'Escríbanos hoy.' } }] },
      }),
    )
    const memory = api.ok(
      await server.call('GET', '/api/admin/translation-memory?source=en&target=es&q=Write%20to%20us'),
    )
    expect(memory.entries).toContainEqual(
      expect.objectContaining({ source: 'Write to us today.', target: 'Escríbanos hoy.' }),
    )
  })

  it('answers 404, 400 and 403 on bad input', async () => {
    const id = await addPage('mt-bad', { Hello: 'Hello.' })
    expect((await fill('00000000-0000-4000-8000-000000000000', { language: 'es' })).status).toBe(404)
    expect((await fill(id, { language: 'xx' })).status).toBe(400)
    expect((await fill(id, { language: 'en' })).status).toBe(400)
    const { token } = await addAccount(server, { username: 'page-translator', role: 'translator', languages: ['de'] })
    expect((await fill(id, { language: 'es', dryRun: true }, token)).status).toBe(403)
    expect((await fill(id, { language: 'de', dryRun: true }, token)).status).toBe(200)
  })
})
