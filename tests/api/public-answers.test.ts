import { monitorEventLoopDelay } from 'node:perf_hooks'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { listLanguages } from '../../src/server/services/languages.js'
import { getProject, listProjects, listProjectsIn } from '../../src/server/services/projects.js'
import { PUBLIC_ANSWER_CACHE_CONTROL } from '../../src/server/public-api/send-answer.js'
import { insertCatalogue } from '../support/catalogue.js'
import { rawGet } from '../support/raw-get.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { waitFor } from '../support/wait-for.js'

// The public calls of SPEC 7 answered from memory (decision 070), over real HTTP.

const onPostgres = process.env.TEST_DB_KIND === 'postgres'
const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

describe('public answers', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
    // 60 originals in en, es and sv: three slices and more of a whole list.
    await insertCatalogue(server.database, 60, 3)
  }, 60_000)
  afterAll(() => server?.close())

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(server.url, path, headers)

  it('answers the JSON the services give, byte for byte, and the same bytes in every encoding', async () => {
    const db = server.database.db
    const expected: [string, unknown][] = [
      ['/api/admin/get-projects', await listProjects(db)],
      ['/api/admin/get-projects?offset=7', (await listProjects(db)).slice(7)],
      ['/api/admin/get-projects/ES?limit=12&offset=24', await listProjectsIn(db, 'es', { limit: 12, offset: 24 })],
      ['/api/admin/get-projects/sv', await listProjectsIn(db, 'sv')],
      ['/api/admin/single-project/villa-7-sv', await getProject(db, 'villa-7-sv')],
      ['/api/admin/get-languages', await listLanguages(db)],
    ]
    for (const [path, value] of expected) {
      const plain = await get(path)
      expect(plain.status, path).toBe(200)
      expect(plain.headers['content-type'], path).toBe('application/json; charset=utf-8')
      expect(plain.body.toString(), path).toBe(JSON.stringify(value))
      for (const encoding of ['br', 'gzip']) {
        const compressed = await get(path, { 'accept-encoding': `${encoding}, identity` })
        expect(compressed.headers['content-encoding'], path).toBe(encoding)
        expect(compressed.headers.vary, path).toBe('accept-encoding')
        expect(Number(compressed.headers['content-length']), path).toBe(compressed.body.length)
        expect(compressed.body.length, path).toBeLessThan(plain.body.length)
        expect(decode(encoding, compressed.body).equals(plain.body), path).toBe(true)
      }
    }
  })

  it('tags each encoding and answers 304 when the client has that one', async () => {
    const path = '/api/admin/get-projects/es'
    const br = await get(path, { 'accept-encoding': 'br' })
    const tag = String(br.headers.etag)
    expect(tag).toMatch(/^"[\w-]{27}-br"$/)
    expect(br.headers['cache-control']).toBe(PUBLIC_ANSWER_CACHE_CONTROL)

    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch })
      expect(again.status, ifNoneMatch).toBe(304)
      expect(again.body.length).toBe(0)
      expect(again.headers.etag).toBe(tag)
      expect(again.headers['cache-control']).toBe(PUBLIC_ANSWER_CACHE_CONTROL)
      expect(again.headers.vary).toBe('accept-encoding')
    }
    // Another encoding is another representation, with its own tag.
    const gzip = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': tag })
    expect(gzip.status).toBe(200)
    expect(gzip.headers.etag).toBe(tag.replace('-br"', '-gzip"'))
    const plain = await get(path, { 'if-none-match': tag })
    expect(plain.status).toBe(200)
    expect(plain.headers.etag).toBe(tag.replace('-br"', '"'))

    const head = await rawGet(server.url, path, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers.etag).toBe(tag)
    expect(Number(head.headers['content-length'])).toBe(br.body.length)
  })

  it('builds an answer once however many ask for it at the same moment', async () => {
    const path = '/api/admin/get-projects?offset=3'
    const builds = server.app.answers.stats.builds
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(path, { 'accept-encoding': 'gzip' })))
    expect(server.app.answers.stats.builds - builds).toBe(1)
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.equals(answers[0]!.body)).toBe(true)
    }
    // Those that came while it was built waited for it (the rest came after: kept).
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss').length).toBeGreaterThan(1)
    expect((await get(path, { 'accept-encoding': 'gzip' })).headers['x-cache']).toBe('hit')
    expect(server.app.answers.stats.builds - builds).toBe(1)
  })

  it('answers a change at once, and keeps the tag of an answer the change did not touch', async () => {
    const languages = await get('/api/admin/get-languages')
    const before = await get('/api/admin/single-project/villa-9-es')
    expect(before.headers['x-cache']).toBeDefined()
    await server.login()
    const { _id } = JSON.parse(before.body.toString())
    const changed = await server.call('PUT', `/api/admin/update-project/${_id}`, {
      json: { title: 'Villa Nueve, Estepona' },
    })
    expect(changed.status).toBe(200)

    const after = await get('/api/admin/single-project/villa-9-es')
    expect(after.headers['x-cache']).toBe('miss')
    expect(JSON.parse(after.body.toString()).title).toBe('Villa Nueve, Estepona')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const list = JSON.parse((await get('/api/admin/get-projects/es')).body.toString()) as { title: string }[]
    expect(list.map((p) => p.title)).toContain('Villa Nueve, Estepona')
    // Built again (content changed), but the same bytes: the client's copy is still good.
    const unchanged = await get('/api/admin/get-languages', { 'if-none-match': String(languages.headers.etag) })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers['x-cache']).toBe('miss')
  })

  it('keeps admin answers no-store, and a public answer to a signed-in request too', async () => {
    const token = await server.login()
    const project = JSON.parse((await get('/api/admin/single-project/villa-3-en')).body.toString())
    const admin = await rawGet(server.url, `/api/admin/get-project/${project._id}`, {
      authorization: `Bearer ${token}`,
    })
    expect(admin.status).toBe(200)
    expect(admin.headers['cache-control']).toBe('no-store')
    const signedIn = await rawGet(server.url, '/api/admin/get-projects/es', { authorization: `Bearer ${token}` })
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('no-store')
    expect((await get('/api/admin/get-projects/es')).headers['cache-control']).toBe(PUBLIC_ANSWER_CACHE_CONTROL)
  })

  it('keeps no errors: an unknown language is a 404 every time, and bad input a 400', async () => {
    const kept = server.app.answers.size
    for (let i = 0; i < 2; i++) {
      const unknown = await get('/api/admin/get-projects/xx')
      expect(unknown.status).toBe(404)
      expect(JSON.parse(unknown.body.toString())).toEqual({ message: 'Language not found' })
      expect(unknown.headers.etag).toBeUndefined()
    }
    const bad = await get('/api/admin/get-projects?limit=0')
    expect(bad.status).toBe(400)
    expect(server.app.answers.size).toBe(kept)
  })
})

describe('the largest answer (1,000 originals × 10 languages)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
    await insertCatalogue(server.database, 1000, 10)
  }, 120_000)
  afterAll(() => server?.close())

  // Issue 26's budget is 50 ms. On PGlite the database runs on this same thread (WebAssembly), and
  // on this 2-core machine with the rest of the suite beside it the longest block measured 60-400
  // ms; the bound here catches a return to building the answer in one piece (1.5-2 s), and
  // EVENT_LOOP_BUDGET_MS=50 checks the budget itself on an idle machine (docs/performance.md).
  it('is built without holding the event loop for long, and kept in a file', async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const br = await rawGet(server.url, '/api/admin/get-projects', { 'accept-encoding': 'br' })
    delay.disable()
    expect(br.status).toBe(200)
    const json = brotliDecompressSync(br.body)
    expect(json.length).toBeGreaterThan(10_000_000)
    expect(delay.max / 1e6).toBeLessThan(Number(process.env.EVENT_LOOP_BUDGET_MS ?? 500))

    // The uncompressed 15 MB are in a file, streamed to whoever asks for them.
    expect(server.app.answers.stats.spilled).toBeGreaterThan(0)
    expect(server.app.answers.memoryBytes).toBeLessThan(2_000_000)
    const plain = await rawGet(server.url, '/api/admin/get-projects')
    expect(plain.headers['x-cache']).toBe('hit')
    expect(plain.body.equals(json)).toBe(true)
    const items = JSON.parse(json.toString()) as { slug: string }[]
    expect(items).toHaveLength(10_000)
    expect(new Set(items.map((p) => p.slug)).size).toBe(10_000)
  }, 120_000)
})

describe.skipIf(!onPostgres)('public answers across instances on one database', () => {
  let database: Database
  let first: TestServer
  let second: TestServer

  beforeAll(async () => {
    database = await createTestDatabase()
    first = await startTestServer({ database })
    second = await startTestServer({ database })
    await insertCatalogue(database, 5, 2)
  })
  afterAll(async () => {
    for (const server of [first, second]) await server?.close()
    await database?.close()
  })

  it('answers a change made through another instance within a second', async () => {
    const path = '/api/admin/get-projects/es'
    const titles = async () =>
      (JSON.parse((await rawGet(second.url, path)).body.toString()) as { title: string }[]).map((p) => p.title)
    expect(await titles()).toContain('Villa 2 es, Marbella')
    // Kept: the instance listened for changes before it answered (content-sync.ts).
    expect((await rawGet(second.url, path)).headers['x-cache']).toBe('hit')
    await first.login()
    const project = JSON.parse((await rawGet(first.url, '/api/admin/single-project/villa-2-es')).body.toString())
    const changed = await first.call('PUT', `/api/admin/update-project/${project._id}`, {
      json: { title: 'Villa Dos, Estepona' },
    })
    expect(changed.status).toBe(200)
    const started = Date.now()
    await waitFor(
      'the other instance to answer the change',
      titles,
      (list) => list.includes('Villa Dos, Estepona'),
      1_000,
    )
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
