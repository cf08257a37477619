import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawGet } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// The site's built files over real HTTP (needs `npm run build`, which `npm test` runs first).
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ site: true })
})
afterAll(() => server.close())

const assetsOf = async (page: string) =>
  [...(await rawGet(server.url, page)).body.toString().matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  )

describe('site assets', () => {
  it('sends every script and stylesheet of a page precompressed, immutable, and the same bytes in every encoding', async () => {
    const assets = await assetsOf('/')
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true)
    for (const asset of assets) {
      const plain = await rawGet(server.url, asset)
      const br = await rawGet(server.url, asset, { 'accept-encoding': 'gzip, deflate, br' })
      const gzip = await rawGet(server.url, asset, { 'accept-encoding': 'gzip' })
      expect(plain.status, asset).toBe(200)
      for (const answer of [plain, br, gzip]) {
        expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
        expect(answer.headers.vary, asset).toContain('accept-encoding')
      }
      if (plain.body.length < 1024) continue // too small to be worth compressing
      expect(br.headers['content-encoding'], asset).toBe('br')
      expect(gzip.headers['content-encoding'], asset).toBe('gzip')
      expect(brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true)
      expect(gunzipSync(gzip.body).equals(plain.body), asset).toBe(true)
    }
  })

  it('gives the public pages one stylesheet of their own besides the root one', async () => {
    for (const page of ['/', '/all-projects', '/about', '/contact']) {
      const stylesheets = (await assetsOf(page)).filter((a) => a.endsWith('.css'))
      expect(stylesheets, page).toHaveLength(2)
    }
  })

  it('lets files without a hash in their name be cached for an hour only', async () => {
    const favicon = await rawGet(server.url, '/favicon.svg')
    expect(favicon.status).toBe(200)
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
  })
})
