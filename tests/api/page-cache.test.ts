import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TAGLINE } from '../../src/shared/constants.js'
import { projectForm } from '../support/factories.js'
import { rawGet, type RawResponse } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { createPageCache } from '../../src/server/site/page-cache.js'
import { avifSettled, waitFor } from '../support/wait-for.js'

// The public site's page cache over real HTTP (needs `npm run build`, which `npm test` runs first).
let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
})
afterAll(() => server.close())

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawGet(server.url, path, headers, method)
const renders = () => server.app.pageCache!.stats.renders

const isHit = (response: RawResponse) => response.headers['x-cache'] === 'hit'

async function addProject(title: string) {
  const added = await server.call('POST', '/api/admin/add-project', {
    form: await projectForm({ fields: { title, isShow: 'true' }, featured: false }),
  })
  expect(added.status).toBe(200)
}

describe('page cache', () => {
  it('answers a repeat visit from the cache with the same page and every header of the first answer', async () => {
    const first = await get('/contact')
    const again = await get('/contact')
    expect(first.status).toBe(200)
    expect([first.headers['x-cache'], again.headers['x-cache']]).toEqual(['miss', 'hit'])
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

  it('sends the public pages without Cross-Origin-Opener-Policy, cached or not, and the back office with it', async () => {
    for (const path of ['/contact', '/contact', '/es/all-projects', '/']) {
      const page = await get(path)
      expect(page.headers['content-type'], path).toBe('text/html')
      expect(page.headers['cross-origin-opener-policy'], path).toBeUndefined()
      expect(page.headers['x-content-type-options'], path).toBe('nosniff')
    }
    for (const path of ['/admin/login', '/admin', '/admin?next=1', '/api/admin/get-languages', '/sitemap.xml']) {
      expect((await get(path)).headers['cross-origin-opener-policy'], path).toBe('same-origin')
    }
  })

  it('answers brotli, gzip or plain as asked, all the same page, once compressed in the background', async () => {
    const plain = (await get('/all-projects')).body
    const br = await waitFor(
      'a compressed page',
      () => get('/all-projects', { 'accept-encoding': 'gzip, deflate, br' }),
      (r) => r.headers['content-encoding'] === 'br',
    )
    const gzip = await get('/all-projects', { 'accept-encoding': 'gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true)
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.length / 3)
    // Kept at brotli 10 (not 9: 5-10% smaller), so more pages fit TCP's first round trip (~14 KB).
    const quality10 = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } })
    expect(br.body.length).toBeLessThanOrEqual(quality10.length)
  })

  it('compresses a page not yet in the cache for the visitor who asked for it', async () => {
    // The first visitor after a change or a deploy is on a phone as often as the next one.
    const br = await get('/privacy-policy', { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get('/es/privacy-policy', { 'accept-encoding': 'gzip' })
    expect([br.headers['x-cache'], gzip.headers['x-cache']]).toEqual(['miss', 'miss'])
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip'])
    expect(br.headers['content-length']).toBe(String(br.body.length))
    expect(br.headers.vary).toBe('accept-encoding')
    const page = brotliDecompressSync(br.body)
    expect(page.toString()).toContain('</html>')
    expect(br.body.length).toBeLessThan(page.length / 3)
    expect(gunzipSync(gzip.body).toString()).toContain('lang="es"')
    // The same page as the cache answers afterwards, plain to a client that takes no encoding.
    const plain = await get('/privacy-policy')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(page)).toBe(true)
  })

  it('answers 304 to a matching If-None-Match and headers alone to HEAD', async () => {
    const first = await get('/about')
    const notModified = await get('/about', { 'if-none-match': String(first.headers.etag) })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    const head = await get('/about', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(first.body.length))
    expect(head.body.length).toBe(0)
  })

  it('answers HEAD before any GET with headers alone, and the next GET with the whole page', async () => {
    const head = await get('/es/coming-soon', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    const page = await get('/es/coming-soon')
    expect(page.status).toBe(200)
    expect(page.body.length).toBeGreaterThan(1000)
    expect(page.headers['content-length']).toBe(head.headers['content-length'])
    expect(page.body.toString()).toContain('</html>')
  })

  it('answers HEAD right after a content change, and the GET after it with the whole page', async () => {
    await get('/es/contact')
    await addProject('Villa Head Check, Mijas')
    expect((await get('/es/contact', {}, 'HEAD')).body.length).toBe(0)
    const page = await waitFor(
      'the changed page',
      () => get('/es/contact'),
      (r) => r.body.toString().includes('</html>') && isHit(r),
    )
    expect(page.body.toString()).toContain('</html>')
  })

  it('serves the cached page to addresses with tracking and unknown parameters', async () => {
    const plain = await waitFor('a cached home page', () => get('/'), isHit)
    // A background re-render of an earlier test's change would count here (seen once on Node 24).
    await waitFor(
      'no render under way',
      async () => server.app.pageCache!.rendering,
      (n) => n === 0,
    )
    const before = renders()
    const tracked = await get('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=abc&fbclid=def')
    const unknown = await get('/?anything=1&utm_content=x')
    expect([tracked.headers['x-cache'], unknown.headers['x-cache']]).toEqual(['hit', 'hit'])
    expect(tracked.body.equals(plain.body)).toBe(true)
    expect(renders()).toBe(before)
  })

  it('keeps the parameters a page reads: another page of all projects is another page', async () => {
    for (let i = 0; i < 13; i++) await addProject(`Villa Page Filler ${i}, Nerja`)
    const second = await waitFor('page 2, cached', () => get('/all-projects?page=2&utm_source=x'), isHit)
    const first = await get('/all-projects')
    expect(second.body.equals(first.body)).toBe(false)
    expect(second.body.toString()).toContain('rel="canonical" href="http://localhost:3000/all-projects?page=2"')
  })

  it('renders a page once for many visitors asking at the same moment', async () => {
    // Let the background re-renders of earlier changes finish first: those of the pages that
    // list an image start again when its AVIF sizes are written, seconds later on a busy machine.
    await avifSettled(server.database)
    await waitFor(
      'no render for half a second',
      async () => {
        const seen = renders()
        await new Promise((resolve) => setTimeout(resolve, 500))
        return server.app.pageCache!.rendering === 0 && renders() === seen
      },
      Boolean,
      30_000,
    )
    const before = renders()
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/es/about')))
    expect(renders() - before).toBe(1)
    expect(answers.every((a) => a.status === 200 && a.body.equals(answers[0]!.body))).toBe(true)
  })

  it('keeps serving the previous page while the changed one renders, then the new page', async () => {
    // The portfolio shows the new project (the about page's HTML need not change: it shows the
    // projects' pictures, and sends no loader data since it stopped hydrating, decision 122).
    await waitFor('a cached portfolio', () => get('/all-projects'), isHit)
    await addProject('Villa Stale Check, Casares')
    const stale = await get('/all-projects')
    expect(stale.headers['x-cache']).toBe('stale')
    expect(stale.body.toString()).not.toContain('Villa Stale Check')
    const fresh = await waitFor('a cached portfolio', () => get('/all-projects'), isHit)
    expect(fresh.body.toString()).toContain('Villa Stale Check')
  })

  it('re-renders home and all projects in every language in the background after a change', async () => {
    await waitFor('a cached Spanish home page', () => get('/es'), isHit)
    await addProject('Villa Warm Check, Manilva')
    // Nobody visits: the page is made again anyway, so the first visitor after the save gets it.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const home = await get('/es')
    expect(home.headers['x-cache']).toBe('hit')
    expect(home.body.toString()).toContain('Villa Warm Check, Manilva')
  })

  it('shows changed page text after a translation is saved', async () => {
    await get('/es')
    const page = (await server.call('POST', '/api/admin/add-translation', { json: { page: 'home' } })).body.translation
    const saved = await server.call('PUT', `/api/admin/update-translation/${page._id}`, {
      json: { translations: [{ es: { [TAGLINE]: 'Villas de lujo en la Costa del Sol' } }] },
    })
    expect(saved.status).toBe(200)
    const spanish = await waitFor(
      'the new Spanish text',
      () => get('/es'),
      (r) => r.body.toString().includes('>Villas de lujo en la Costa del Sol</'),
    )
    expect(spanish.body.toString()).toContain('>Villas de lujo en la Costa del Sol</')
    expect(spanish.body.toString()).not.toContain(`>${TAGLINE}</`)
  })

  it('keeps the 404 status of the not-found page, and does not keep unknown addresses', async () => {
    const unknownLanguage = await get('/zz/all-projects')
    expect(unknownLanguage.status).toBe(302)
    expect(unknownLanguage.headers.location).toBe('/404')
    expect((await get('/404')).status).toBe(404)
    expect((await get('/404')).headers['x-cache']).toBe('hit')
    const size = server.app.pageCache!.size
    for (let i = 0; i < 5; i++) expect((await get(`/no-such-page-${i}`)).status).toBe(302)
    expect(server.app.pageCache!.size).toBe(size)
  })

  it('with PAGE_CACHE_MB=0 renders every visit and compresses nothing it cannot keep', async () => {
    const uncached = await startTestServer({ site: true, env: { PAGE_CACHE_MB: '0' } })
    try {
      const cache = uncached.app.pageCache!
      const answers = []
      for (let i = 0; i < 3; i++) answers.push((await rawGet(uncached.url, '/contact')).headers['x-cache'])
      expect(answers).toEqual(['miss', 'miss', 'miss'])
      // At least one render per visit (on PostgreSQL the start-up content sync may warm pages too).
      expect(cache.stats.renders).toBeGreaterThanOrEqual(3)
      expect(cache.stats.compressions).toBe(0)
      expect(cache.size).toBe(0)
    } finally {
      await uncached.close()
    }
  })
})

describe('a page rendered before anyone visited', () => {
  it('is answered with every security header on its first visit', async () => {
    const fresh = await startTestServer({ site: true })
    try {
      // What a publish does on a fresh start (the demo seed's): renders and stores before any visit.
      await fresh.app.pageCache!.refresh('/contact')
      for (const path of ['/contact', '/contact']) {
        const page = await rawGet(fresh.url, path, {})
        expect(page.headers['x-cache'], path).toBe('hit')
        for (const name of [
          'x-content-type-options',
          'referrer-policy',
          'x-frame-options',
          'content-security-policy',
        ]) {
          expect(page.headers[name], `${path}: ${name}`).toBeTruthy()
        }
      }
    } finally {
      await fresh.close()
    }
  })

  it('gets them when they become known while it was being compressed', async () => {
    // A background render's page is compressed before it is stored; the first answer through
    // Fastify (the warm-up's, a visitor's) may give the security headers meanwhile.
    const page = {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<p>villa</p>'.repeat(5000)),
    }
    const cache = createPageCache({
      render: async () => page,
      maxEntries: 10,
      maxBytes: 10 * 1024 * 1024,
      warmKeys: async () => [],
      onError: (error) => {
        throw error
      },
    })
    const stored = cache.refresh('/about')
    setImmediate(() => cache.setBaseHeaders({ 'x-frame-options': 'SAMEORIGIN' }))
    await stored
    const found = cache.lookup('/about')!
    expect(found.entry.br).toBeDefined()
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      expect(found.entry.wire[encoding]?.['x-frame-options'], encoding).toBe('SAMEORIGIN')
    }
  })
})

describe('the page cache’s watcher (the cache thread’s copy, decision 163)', () => {
  it('is told of each page once it has its headers and forms, of each removal and of each change', async () => {
    const cache = createPageCache({
      render: async (key) => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: Buffer.from(`<p>${key}</p>`.repeat(2000)),
      }),
      maxEntries: 1,
      maxBytes: 10 * 1024 * 1024,
      warmKeys: async () => [],
      onError: (error) => {
        throw error
      },
    })
    const told: string[] = []
    const bodies: Buffer[] = []
    cache.watch({
      stored: (entry) => {
        told.push(`stored ${entry.key} ${Object.keys(entry.wire).sort().join(',')}`)
        bodies.push(entry.page.body, ...(entry.br ? [entry.br] : []))
      },
      removed: (key) => told.push(`removed ${key}`),
      generation: (generation, cleared) => told.push(`generation ${generation}${cleared ? ' cleared' : ''}`),
    })
    await cache.refresh('/about')
    expect(told).toEqual(['generation 0 cleared']) // no security headers yet: not told
    cache.setBaseHeaders({ 'x-frame-options': 'SAMEORIGIN' })
    expect(told.at(-1)).toBe('stored /about br,gzip,identity')
    await cache.refresh('/contact') // one entry at most: /about goes
    expect(told).toContain('removed /about')
    expect(told.at(-1)).toBe('stored /contact br,gzip,identity')
    cache.invalidate()
    cache.clear()
    expect(told.slice(-2)).toEqual(['generation 1', 'generation 2 cleared'])
    // The bodies live in shared memory: the thread's copy reads them without copying.
    expect(bodies.every((body) => body.buffer instanceof SharedArrayBuffer)).toBe(true)
    await cache.stop()
  })
})
