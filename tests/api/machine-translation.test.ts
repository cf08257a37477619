import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appState, translationMemory } from '../../src/server/db/schema.js'
import { fillMemoryFromPublished } from '../../src/server/translation/memory-backfill.js'
import { deeplEnv, type FakeDeepl, startFakeDeepl } from '../support/fake-deepl.js'
import { publishingApi } from '../support/publishing-api.js'
import { addAccount } from '../support/team.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Machine fills through a local DeepL (issue 40, items 2-7): what the product sends, memory
// before the machine, placeholders checked, the glossary, the cap, the provider's failures, roles.

let server: TestServer
let deepl: FakeDeepl
let api: ReturnType<typeof publishingApi>
beforeAll(async () => {
  deepl = await startFakeDeepl()
  server = await startSignedIn(
    {
      env: {
        ...deeplEnv(deepl),
        MT_MONTHLY_CHARACTERS: '3000',
        MT_REQUIRE_REVIEW: 'true',
      },
    },
    'es',
    'de',
  )
  api = publishingApi(server)
})
afterAll(async () => {
  await server.close()
  await deepl.close()
})

const fill = (id: string, body: object, token?: string) =>
  server.call('POST', `/api/admin/machine-translate/project/${id}`, { json: body, ...(token ? { token } : {}) })
const translateCalls = () => deepl.requests.filter((r) => r.path === '/v2/translate')

describe('machine fills through DeepL', () => {
  it('fills a new draft, keeps placeholders, uses the glossary, then the memory after publishing', async () => {
    const info = await server.call('GET', '/api/admin/machine-translation')
    expect(info.status).toBe(200)
    expect(info.body.provider).toBe('deepl')
    expect(info.body.pairs).toContainEqual({ source: 'en', target: 'es' })
    expect(info.body.usage).toMatchObject({ characters: 0, limit: 3000 })

    const glossary = await server.call('PUT', '/api/admin/glossary/en/es', {
      json: {
        terms: [
          { source: 'pool', target: 'piscina' },
          { source: 'New Golden Mile', target: null },
        ],
      },
    })
    expect(glossary.status).toBe(200)

    const project = await api.addProject({
      project: { title: 'Villa Mar', description: 'A villa of 640 m² with a pool.\nCall +34 952 123 456 today.' },
    })
    const dry = await fill(project._id, { language: 'es', dryRun: true })
    expect(dry.status).toBe(200)
    expect(dry.body.characters).toBeGreaterThan(0)
    expect(translateCalls()).toHaveLength(0)

    const done = await fill(project._id, { language: 'es' })
    expect(done.status).toBe(200)
    expect(done.body.characters).toBe(dry.body.characters)
    const sent = translateCalls()[0]!.body
    expect(sent).toMatchObject({
      source_lang: 'EN',
      target_lang: 'ES',
      tag_handling: 'xml',
      ignore_tags: ['x'],
      glossary_id: 'g-1',
    })
    expect(sent.text).toContain('A villa of <x id="1"/> with a pool.')
    expect(deepl.requests.find((r) => r.path === '/v2/glossaries')!.body.entries).toContain('pool\tpiscina')

    const draft = (await api.getProject(done.body.translationId)).draft
    expect(draft.description).toBe('ES:A villa of 640 m² with a pool.\nES:Call +34 952 123 456 today.')
    const read = await api.getProject(done.body.translationId)
    expect(read.publishStatus).toBe('draft')

    expect(read.machineFields).toEqual(expect.arrayContaining(['title', 'description']))
    // MT_REQUIRE_REVIEW: unreviewed machine text is not published; 'Approve' clears it.
    const refused = await api.publish('project', done.body.translationId)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('description')
    // A save that publishes at once is refused the same way; a draft save is not.
    const title = { title: read.draft.title }
    const atOnce = await server.call('PUT', `/api/admin/update-project/${done.body.translationId}`, { json: title })
    expect(atOnce.status).toBe(409)
    expect(atOnce.body.message).toContain('description')
    const asDraft = await server.call('PUT', `/api/admin/update-project/${done.body.translationId}`, {
      json: { ...title, saveAs: 'draft' },
    })
    expect(asDraft.status, JSON.stringify(asDraft.body)).toBe(200)
    const approve = await server.call('POST', `/api/admin/approve-machine-fields/project/${project._id}`, {
      json: { language: 'es' },
    })
    expect(approve.status).toBe(200)
    expect((await api.getProject(done.body.translationId)).machineFields).toEqual([])

    // Published: its sentences enter the memory; a second fill of the same text sends nothing.
    expect((await api.publish('project', done.body.translationId)).status).toBe(200)
    const memory = await server.call('GET', '/api/admin/translation-memory?source=en&target=es&q=villa')
    expect(memory.body.entries.map((e: any) => e.target)).toContain('ES:A villa of 640 m² with a pool.')
    const tmx = await server.call('GET', '/api/admin/translation-memory.tmx?source=en&target=es')
    expect(String(tmx.body)).toContain('<tmx version="1.4">')

    const before = translateCalls().length
    const again = await fill(project._id, { language: 'es', fields: ['description'] })
    expect(again.status).toBe(200)
    expect(again.body.characters).toBe(0)
    expect(again.body.fields[0].segments.every((s: any) => s.from === 'memory')).toBe(true)
    expect(translateCalls().length).toBe(before)
  })

  it('refuses a segment that lost a placeholder, and answers failures clearly with the draft unchanged', async () => {
    const project = await api.addProject({ project: { title: 'Casa Sol', description: 'It has 5 beds.' } })
    deepl.mode = 'drop-tag'
    const dropped = await fill(project._id, { language: 'de' })
    deepl.mode = 'ok'
    expect(dropped.status).toBe(200)
    const field = dropped.body.fields.find((f: any) => f.field === 'description')
    expect(field.state).toBe('refused')
    expect(field.reason).toContain("The machine lost the number '5'")

    for (const [mode, status, words] of [
      ['quota', 502, 'quota is used up'],
      ['busy', 429, 'asks to wait'],
      ['garbage', 502, 'not a translation'],
    ] as const) {
      deepl.mode = mode
      const res = await fill(project._id, { language: 'de', fields: ['description'] })
      expect(res.status, mode).toBe(status)
      expect(res.body.message).toContain(words)
    }
    deepl.mode = 'ok'
    const translations = await server.call('GET', `/api/admin/get-project-translations/${project._id}`)
    const de = translations.body.find?.((t: any) => t.language === 'de') ?? null
    expect(de?.description ?? '').not.toContain('ES:It has')
  })

  it('refuses a fill past the monthly cap, saying what is left; a translator only in their languages', async () => {
    const long = 'This sentence is here to use the monthly allowance. '.repeat(60)
    const project = await api.addProject({ project: { title: 'Big', description: long } })
    const res = await fill(project._id, { language: 'es' })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/only [\d,]+ of this month's machine translation allowance are left/)

    const { token } = await addAccount(server, { username: 'traductora', role: 'translator', languages: ['de'] })
    expect((await fill(project._id, { language: 'es', dryRun: true }, token)).status).toBe(403)
    expect((await fill(project._id, { language: 'de', dryRun: true }, token)).status).toBe(200)
    expect((await server.call('PUT', '/api/admin/glossary/en/de', { json: { terms: [] }, token })).status).toBe(403)

    // The glossary as CSV, refused as the redirects' CSV is.
    const imported = await server.call('POST', '/api/admin/glossary/en/de/import', {
      json: { csv: 'source,target\npool,Pool\nCosta del Sol,\n' },
    })
    expect(imported.status).toBe(200)
    expect(imported.body.terms).toContainEqual({ source: 'Costa del Sol', target: null })
    const csv = await server.call('GET', '/api/admin/glossary/en/de/csv')
    expect(String(csv.body)).toContain('"Costa del Sol",""')
    for (const [bad, words] of [
      ['pool,=HYPERLINK("x")', 'formula'],
      ['pool,pi\u0000scina', 'NUL'],
      ['a,b\n'.repeat(10_000), 'at most 5000'],
    ]) {
      const res = await server.call('POST', '/api/admin/glossary/en/de/import', { json: { csv: bad } })
      expect(res.status, words).toBe(400)
      expect(res.body.message).toContain(words)
    }
  })
})

describe('the memory and translations published before every save fed it', () => {
  it('takes every published translation in once, at the start after the upgrade', async () => {
    const api = publishingApi(server)
    const original = await api.addProject({ project: { title: 'Villa Antigua', description: 'An old olive press.' } })
    await api.translate(original._id, {
      title: 'Villa Antigua en Ronda',
      slug: 'villa-antigua-en-ronda',
      description: 'Una antigua almazara.',
    })
    const page = api.ok(await server.call('POST', '/api/admin/add-translation', { json: { page: 'mt-backfill' } }))
    api.ok(
      await server.call('PUT', `/api/admin/update-translation/${page.translation._id}`, {
        json: { translations: [{ en: { Hours: 'We open at nine.' }, es: { Hours: 'Abrimos a las nueve.' } }] },
      }),
    )
    // As a site upgraded from before: the memory never got them.
    const db = server.database.db
    await db.delete(translationMemory)
    await db.delete(appState).where(eq(appState.key, 'memory_from_published'))
    const lookup = async () =>
      (await server.call('GET', '/api/admin/translation-memory?source=en&target=es&q=olive')).body.entries
    expect(await lookup()).toEqual([])
    expect(await fillMemoryFromPublished(db)).toBeGreaterThanOrEqual(2)
    expect(await lookup()).toContainEqual(
      expect.objectContaining({ source: 'An old olive press.', target: 'Una antigua almazara.' }),
    )
    const hours = await server.call('GET', '/api/admin/translation-memory?source=en&target=es&q=nine')
    expect(hours.body.entries).toContainEqual(
      expect.objectContaining({ source: 'We open at nine.', target: 'Abrimos a las nueve.' }),
    )
    expect(await fillMemoryFromPublished(db)).toBe(0)
  })
})

describe('a fill without a machine provider', () => {
  it('takes what the memory has, field by field whole, and names each sentence it lacks', async () => {
    const plain = await startSignedIn({}, 'es')
    try {
      const api = publishingApi(plain)
      const first = await api.addProject({
        project: { title: 'Villa Luz', description: 'A villa with a pool.\nA kitchen by the sea.' },
      })
      // Published in Spanish: its sentences enter the memory.
      await api.translate(first._id, {
        title: 'Villa Luz en Nerja',
        slug: 'villa-luz-en-nerja',
        description: 'Una villa con piscina.\nUna cocina junto al mar.',
      })
      const second = await api.addProject({
        project: { title: 'Villa Luz', description: 'A villa with a pool.\nA garden of olive trees.' },
      })
      const fillSecond = (body: object) =>
        plain.call('POST', `/api/admin/machine-translate/project/${second._id}`, { json: { language: 'es', ...body } })

      const dry = await fillSecond({ dryRun: true })
      expect(dry.status, JSON.stringify(dry.body)).toBe(200)
      expect(dry.body).toMatchObject({ provider: 'memory', characters: 0, translationId: null })

      const done = await fillSecond({})
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      const field = (id: string) => done.body.fields.find((f: { field: string }) => f.field === id)
      expect(field('title')).toMatchObject({ state: 'filled', segments: [{ from: 'memory' }] })
      expect(field('description')).toMatchObject({
        state: 'partly-refused',
        segments: [
          { index: 0, from: 'memory' },
          { index: 1, from: null, refused: 'Not in the memory, and no machine translation is set up' },
        ],
      })
      const draft = (await api.getProject(done.body.translationId)).draft
      expect(draft.title).toBe('Villa Luz en Nerja')
      // Whole or not at all: the description keeps no half-Spanish text; it is left for the translator.
      expect(draft.description).not.toContain('Una villa con piscina')
    } finally {
      await plain.close()
    }
  })
})
