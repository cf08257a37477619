import { and, eq } from 'drizzle-orm'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema.js'
import { fieldsForm } from '../support/factories.js'
import { projectApi } from '../support/project-api.js'
import { rawGet } from '../support/raw-get.js'
import { addAccount } from '../support/team.js'
import { type TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Slugs that can change (issue 24, item 2; decision 111) over real HTTP, with the site rendered
// (needs a build): every old address is one 301 to the record's current one; trashed and purged
// records' addresses answer 410; search engines hear of both addresses through IndexNow.
const KEY = 'b7d1e4c9a2f64e0f'
let receiver: Server
const announced: string[][] = []
let server: TestServer
let api: ReturnType<typeof projectApi>

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      announced.push(JSON.parse(text).urlList)
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/indexnow`
  server = await startSignedIn(
    {
      site: true,
      env: { INDEXNOW_KEY: KEY, INDEXNOW_URL: endpoint, PUBLIC_URL: 'https://villas.example' },
    },
    'es',
    'fr',
  )
  api = projectApi(server)
})
afterAll(async () => {
  await server.close()
  receiver.close()
})

const visit = async (path: string) => {
  const response = await rawGet(server.url, path)
  return { status: response.status, location: response.headers.location }
}
const changeSlug = (id: string, slug: string, extra: Record<string, string> = {}) =>
  server.call('PUT', `/api/admin/update-project/${id}`, { form: fieldsForm({ slug, ...extra }) })
const addProject = (title: string) => api.addProject({ project: { title } })

describe('slug changes', () => {
  it('three in a row: each old path is one 301 to the newest, which is the page', async () => {
    const project = await addProject('Villa Mirador, Nerja')
    const first = project.slug as string
    const slugs = [first]
    for (const typed of ['Villa Åre Straße', 'villa mirador ñ', 'Villa-Mirador-Sol']) {
      const res = await changeSlug(project._id, typed)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      slugs.push(res.body.project.slug)
    }
    expect(slugs.slice(1)).toEqual(['villa-are-strasse', 'villa-mirador-n', 'villa-mirador-sol'])
    for (const old of slugs.slice(0, -1))
      expect(await visit(`/project/${old}?utm_source=mail`), old).toEqual({
        status: 301,
        location: '/project/villa-mirador-sol?utm_source=mail',
      })
    expect((await visit('/project/villa-mirador-sol')).status).toBe(200)
    expect((await server.call('GET', `/api/admin/single-project/villa-mirador-sol`)).status).toBe(200)

    // The Redirects screen lists them as automatic rows, each straight to the newest address.
    const redirects = (await server.call('GET', '/api/admin/redirects')).body as { from: string; to: string }[]
    const mine = redirects.filter((r) => slugs.slice(0, -1).some((s) => r.from === `/project/${s}`))
    expect(mine).toHaveLength(3)
    for (const row of mine) expect(row).toMatchObject({ to: '/project/villa-mirador-sol', source: 'slug' })

    // The audit log names the change.
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, project._id), eq(auditLog.action, 'update')))
    expect(entries.map((e) => (e.changes as Record<string, unknown>).slug)).toContainEqual({
      from: 'villa-are-strasse',
      to: 'villa-mirador-n',
    })
  })

  it('moving back to an old slug makes it the page again, and the newer one redirects to it', async () => {
    const project = await addProject('Villa Ida')
    expect((await changeSlug(project._id, 'villa-ida-sea')).status).toBe(200)
    expect((await changeSlug(project._id, project.slug)).status).toBe(200)
    expect((await visit(`/project/${project.slug}`)).status).toBe(200)
    expect(await visit('/project/villa-ida-sea')).toEqual({ status: 301, location: `/project/${project.slug}` })
  })

  it('a translated slug change leaves the other languages alone', async () => {
    const original = await addProject('Casa Luna')
    const es = await api.translate(original, { title: 'Casa Luna ES', translatedSlug: 'casa-luna-es' })
    const fr = await api.translate(original, { language: 'fr', title: 'Casa Luna FR', translatedSlug: 'casa-luna-fr' })
    const res = await changeSlug(es._id, 'Casa Luna Playa')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.project).toMatchObject({ slug: 'casa-luna-playa', language: 'es' })

    expect(await visit('/project/casa-luna-es')).toEqual({ status: 301, location: '/project/casa-luna-playa' })
    expect((await visit('/project/casa-luna-playa')).status).toBe(200)
    for (const path of [`/project/${original.slug}`, `/project/${fr.slug}`])
      expect((await visit(path)).status).toBe(200)
    const group = (await server.call('GET', `/api/admin/single-project/${original._id}`)).body
    expect(group.slug).toBe(original.slug)
    expect(group.translations).toEqual(
      expect.arrayContaining([
        { code: 'es', slug: 'casa-luna-playa' },
        { code: 'fr', slug: 'casa-luna-fr' },
      ]),
    )
    const redirects = (await server.call('GET', '/api/admin/redirects')).body as { from: string; language: string }[]
    expect(redirects.filter((r) => r.from.startsWith('/project/casa-luna'))).toEqual([
      expect.objectContaining({ from: '/project/casa-luna-es', language: 'es' }),
    ])
  })

  it('refuses a slug another record has, naming it; and slugs that cannot be addresses', async () => {
    const taken = await addProject('Villa Taken')
    const original = await addProject('Villa Other')
    const es = await api.translate(original, { title: 'Villa Otra', translatedSlug: 'villa-otra' })
    const clash = await changeSlug(original._id, 'Villa Taken')
    expect(clash).toMatchObject({
      status: 409,
      body: { field: 'slug', message: `The slug "${taken.slug}" is already used by the project "Villa Taken" (en)` },
    })
    const sameAsOriginal = await changeSlug(es._id, original.slug)
    expect(sameAsOriginal).toMatchObject({
      status: 400,
      body: { field: 'slug', message: "Project slug shouldn't be same" },
    })
    expect(await changeSlug(original._id, '🏠')).toMatchObject({
      status: 400,
      body: { field: 'slug', message: 'Slug must hold letters or digits, e.g. villa-sol-nerja' },
    })
    expect(await changeSlug(original._id, taken._id)).toMatchObject({
      status: 400,
      body: { field: 'slug', message: 'Slug must not look like an id' },
    })
    // Nothing moved, and nothing else of the save was kept.
    expect((await visit(`/project/${original.slug}`)).status).toBe(200)
    expect((await changeSlug(original._id, 'Villa Taken', { title: 'Changed' })).status).toBe(409)
    expect((await server.call('GET', `/api/admin/get-project/${original._id}`)).body.title).toBe('Villa Other')
  })

  it('an old address another record takes is that record’s page; a made-up slug never takes one', async () => {
    const moved = await addProject('Villa Norte')
    expect((await changeSlug(moved._id, 'villa-norte-mar')).status).toBe(200)
    // A new project titled the same gets a free slug: the old link still leads to Villa Norte.
    const namesake = await addProject('Villa Norte')
    expect(namesake.slug).toBe('villa-norte-2')
    expect(await visit('/project/villa-norte')).toEqual({ status: 301, location: '/project/villa-norte-mar' })
    // Chosen on purpose, the live page wins.
    expect((await changeSlug(namesake._id, 'villa-norte')).status).toBe(200)
    expect((await visit('/project/villa-norte')).status).toBe(200)
    expect(await visit('/project/villa-norte-2')).toEqual({ status: 301, location: '/project/villa-norte' })
  })

  it('a trashed record’s addresses answer 410, and 301 again after a restore; purged, 410 for good', async () => {
    const project = await addProject('Villa Sombra')
    expect((await changeSlug(project._id, 'villa-sombra-new')).status).toBe(200)
    expect((await server.call('DELETE', `/api/admin/delete-project/${project._id}`)).status).toBe(200)
    for (const path of ['/project/villa-sombra', '/project/villa-sombra-new', `/project/${project._id}`])
      expect((await visit(path)).status, path).toBe(410)
    // Not kept by browsers or a CDN: the project may come back from the trash.
    expect((await rawGet(server.url, '/project/villa-sombra-new')).headers['cache-control']).toBe('no-cache')

    expect((await server.call('POST', `/api/admin/restore/project/${project._id}`)).status).toBe(200)
    expect((await visit('/project/villa-sombra-new')).status).toBe(200)
    expect(await visit('/project/villa-sombra')).toEqual({ status: 301, location: '/project/villa-sombra-new' })

    expect((await server.call('DELETE', `/api/admin/delete-project/${project._id}`)).status).toBe(200)
    expect((await server.call('DELETE', `/api/admin/purge/project/${project._id}`)).status).toBe(200)
    for (const path of ['/project/villa-sombra', '/project/villa-sombra-new', `/project/${project._id}`])
      expect((await visit(path)).status, path).toBe(410)
    // A new project does not take a removed one's address by itself.
    expect((await addProject('Villa Sombra New')).slug).toBe('villa-sombra-new-2')
  })

  it('a translator may change their language’s slug only with the publish switch, even in a draft', async () => {
    const original = await addProject('Villa Tradu')
    const es = await api.translate(original, { title: 'Villa Tradu ES', translatedSlug: 'villa-tradu-es' })
    const drafter = await addAccount(server, { username: 'drafter', role: 'translator', languages: ['es'] })
    const publisher = await addAccount(server, {
      username: 'publisher',
      role: 'translator',
      languages: ['es'],
      canPublish: true,
    })
    const form = (slug: string) => fieldsForm({ title: 'Villa Tradu ES', slug, saveAs: 'draft' })
    const url = `/api/admin/update-project/${es._id}`
    expect((await server.call('PUT', url, { form: form('villa-tradu-borrador'), token: drafter.token })).status).toBe(
      403,
    )
    const drafted = await server.call('PUT', url, {
      form: fieldsForm({ title: 'Villa Tradu', saveAs: 'draft' }),
      token: drafter.token,
    })
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200)
    const moved = await server.call('PUT', url, { form: form('villa-tradu-playa'), token: publisher.token })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await visit('/project/villa-tradu-es')).toEqual({ status: 301, location: '/project/villa-tradu-playa' })
  })

  it('tells search engines the old and the new address', async () => {
    const project = await addProject('Villa Faro')
    expect((await changeSlug(project._id, 'villa-faro-cabo')).status).toBe(200)
    await until('the IndexNow submission', async () =>
      announced.some((urls) => urls.includes('https://villas.example/project/villa-faro-cabo')),
    )
    expect(announced.find((urls) => urls.includes('https://villas.example/project/villa-faro-cabo'))).toEqual([
      'https://villas.example/project/villa-faro',
      'https://villas.example/project/villa-faro-cabo',
    ])
  })
})
