import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordGone, recordMoved } from '../../src/server/services/redirects.js'
import { projectApi } from '../support/project-api.js'
import { rawGet } from '../support/raw-get.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Redirects (issue 24, item 2) over real HTTP, answered before the site renders (needs a build).
let server: TestServer
let project: { _id: string; slug: string }
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  project = await projectApi(server).addProject({ fields: { title: 'Villa Sol, Marbella' } })
})
afterAll(() => server.close())

const add = (from: string, to: string) => server.call('POST', '/api/admin/redirects', { json: { from, to } })
const visit = async (path: string, method = 'GET') => {
  const response = await rawGet(server.url, path, {}, method)
  return { status: response.status, location: response.headers.location }
}

describe('redirects', () => {
  it('need a signed-in admin', async () => {
    expect((await server.call('GET', '/api/admin/redirects', { token: null })).status).toBe(401)
    expect(
      (await server.call('POST', '/api/admin/redirects', { json: { from: '/a', to: '/b' }, token: null })).status,
    ).toBe(401)
  })

  it('answer an old address 301 to its target, keeping the visit’s campaign parameters, even after it was cached', async () => {
    // Rendered (and cached) first as an unknown path.
    expect((await visit('/villas/sol.html')).status).toBe(302)
    const res = await add('https://old-site.example/villas/sol.html', '/about')
    expect(res.status).toBe(200)
    expect(res.body.redirect).toMatchObject({ from: '/villas/sol.html', to: '/about', status: 301 })
    expect(await visit('/villas/sol.html')).toEqual({ status: 301, location: '/about' })
    expect(await visit('/villas/sol.html/')).toEqual({ status: 301, location: '/about' })
    expect(await visit('/villas/sol.html?utm_source=mail')).toEqual({ status: 301, location: '/about?utm_source=mail' })
    expect(await visit('/villas/sol.html', 'HEAD')).toEqual({ status: 301, location: '/about' })
    const list = await server.call('GET', '/api/admin/redirects')
    expect(list.body.map((r: { from: string }) => r.from)).toContain('/villas/sol.html')
  })

  it('match an old address with its query before the same path without one', async () => {
    await add('/index.php?page=contact', '/contact')
    await add('/index.php', '/')
    expect(await visit('/index.php?page=contact')).toEqual({ status: 301, location: '/contact' })
    expect(await visit('/index.php?page=other')).toEqual({ status: 301, location: '/?page=other' })
  })

  it('refuse a redirect from a page of this site, naming the field', async () => {
    for (const from of [
      '/',
      '/about',
      '/es/contact',
      '/es',
      `/project/${project.slug}`,
      `/project/${project._id}`,
      '/api/admin/get-projects',
      '/admin/login',
      '/sitemap.xml',
    ]) {
      const res = await add(from, '/contact')
      expect(res.status, from).toBe(409)
      expect(res.body.field, from).toBe('from')
      expect(res.body.message).toMatch(/is a page of this site/)
    }
    // An unknown language's path is not a page.
    expect((await add('/xx/about', '/about')).status).toBe(200)
  })

  it('refuse bad addresses, a redirect to itself, a second redirect from one address, and loops', async () => {
    expect(await add('', '/about')).toMatchObject({ status: 400, body: { field: 'from' } })
    expect(await add('old-page', '/about')).toMatchObject({ status: 400, body: { field: 'from' } })
    expect(await add('/x', 'javascript:alert(1)')).toMatchObject({ status: 400, body: { field: 'to' } })
    expect(await add('/x', '//evil.example')).toMatchObject({ status: 400, body: { field: 'to' } })
    expect(await add('/same', '/same/')).toMatchObject({ status: 400, body: { field: 'to' } })
    expect((await add('/loop-a', '/loop-b')).status).toBe(200)
    expect((await add('/loop-b', '/loop-c')).status).toBe(200)
    const loop = await add('/loop-c', '/loop-a')
    expect(loop.status).toBe(409)
    expect(loop.body).toMatchObject({
      field: 'to',
      message: expect.stringMatching(/loop: \/loop-c → \/loop-a → \/loop-c/),
    })
    const twice = await add('/loop-a', '/contact')
    expect(twice).toMatchObject({ status: 409, body: { field: 'from' } })
    expect(twice.body.message).toMatch(/already redirects/)
  })

  it('collapse chains: every address is one 301 from its final target', async () => {
    expect((await add('/chain-1', '/chain-2')).status).toBe(200)
    expect((await add('/chain-2', '/chain-3')).status).toBe(200)
    expect((await add('/chain-3', '/all-projects')).status).toBe(200)
    // A new address pointing at a redirected one is stored straight to the end.
    expect((await add('/chain-0', '/chain-1')).body.redirect.to).toBe('/all-projects')
    for (const path of ['/chain-0', '/chain-1', '/chain-2', '/chain-3'])
      expect(await visit(path), path).toEqual({ status: 301, location: '/all-projects' })
    // An address on this site's own origin is kept as a path; another site's as it is.
    expect((await add('/moved-out', 'https://partner.example/villas')).body.redirect.to).toBe(
      'https://partner.example/villas',
    )
    expect((await add('/moved-in', 'http://localhost:3000/contact')).body.redirect.to).toBe('/contact')
  })

  it('delete a redirect: the address is the site’s again', async () => {
    const { body } = await add('/to-delete', '/about')
    expect((await server.call('DELETE', `/api/admin/redirects/${body.redirect._id}`)).status).toBe(200)
    expect((await visit('/to-delete')).status).toBe(302)
    expect((await server.call('DELETE', `/api/admin/redirects/${body.redirect._id}`)).status).toBe(404)
    expect((await server.call('DELETE', '/api/admin/redirects/not-an-id')).status).toBe(404)
  })

  it('import an old site’s addresses from CSV, all or none, naming a bad line', async () => {
    const bad = await server.call('POST', '/api/admin/redirects/import', {
      json: { csv: 'from,to\n/old/a.html,/about\n/old/b.html,/old/a.html\n/about,/contact\n' },
    })
    expect(bad).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Line 4: \/about is a page/) } })
    expect((await visit('/old/a.html')).status).toBe(302)
    const good = await server.call('POST', '/api/admin/redirects/import', {
      json: { csv: 'from,to\n/old/a.html,/about\n/old/b.html,/old/a.html\n"https://old.example/c?id=3",/contact\n' },
    })
    expect(good).toMatchObject({ status: 200, body: { added: 3, message: '3 redirects imported' } })
    expect(await visit('/old/b.html')).toEqual({ status: 301, location: '/about' })
    expect(await visit('/c?id=3')).toEqual({ status: 301, location: '/contact' })
    expect((await server.call('POST', '/api/admin/redirects/import', { json: { csv: '' } })).status).toBe(400)
  })

  it('take a record’s slug changes (for publishing): three in a row, each old path one 301 to the newest', async () => {
    const moves = ['/project/villa-uno', '/project/villa-dos', '/project/villa-tres', `/project/${project.slug}`]
    const db = server.database.db
    for (let i = 1; i < moves.length; i++) {
      await db.transaction((tx) =>
        recordMoved(tx, {
          oldPaths: [moves[i - 1]!],
          newPath: moves[i]!,
          kind: 'project',
          recordId: project._id,
          language: 'en',
        }),
      )
    }
    await server.app.redirectTable.reload()
    for (const old of moves.slice(0, -1))
      expect(await visit(old), old).toEqual({ status: 301, location: `/project/${project.slug}` })
    expect((await visit(`/project/${project.slug}`)).status).toBe(200)
  })

  it('answer a trashed record’s paths, old and current, 410 Gone', async () => {
    await server.database.db.transaction((tx) =>
      recordGone(tx, { paths: [`/project/${project.slug}`], kind: 'project', recordId: project._id, language: 'en' }),
    )
    await server.app.redirectTable.reload()
    for (const path of [`/project/${project.slug}`, '/project/villa-uno'])
      expect((await visit(path)).status, path).toBe(410)
  })
})
