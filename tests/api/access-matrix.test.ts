import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEnquiry } from '../../src/server/seed/factories.js'
import { fieldsForm, projectForm, reviewForm } from '../support/factories.js'
import { blob, jpeg } from '../support/images.js'
import { addAccount, fingerprint } from '../support/team.js'
import { type ApiResponse, startTestServer, type TestServer } from '../support/test-server.js'

// Every admin route x owner, editor, translator (Spanish), deactivated account (issue 23): each
// answers as the role allows, and a refused call changes nothing (decision 088).

type Role = 'owner' | 'editor' | 'translator' | 'deactivated'
const STAFF: Role[] = ['owner', 'editor']
const EVERYONE: Role[] = ['owner', 'editor', 'translator']
const OWNER: Role[] = ['owner']

let server: TestServer
const tokens = {} as Record<Role, string>
const ids = {} as Record<string, string>
let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`

const as = (token: string) => ({ token })
const owner = () => as(tokens.owner)

async function newProject(language?: 'es' | 'de', parent?: string) {
  if (!language) {
    const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(), ...owner() })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.project._id as string
  }
  const form = fieldsForm({ translate: 'true', parentId: parent!, language, title: `T ${language}` })
  const res = await server.call('POST', '/api/admin/add-project', { form, ...owner() })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project._id as string
}

async function newReview(language?: 'es' | 'de', parent?: string) {
  const form = language
    ? fieldsForm({ translate: 'true', parentId: parent!, language, title: `R ${language}`, description: 'd' })
    : await reviewForm()
  const res = await server.call('POST', '/api/admin/add-review', { form, ...owner() })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.review._id as string
}

async function newEnquiry() {
  await server.call('POST', '/api/admin/send-email', { json: buildEnquiry(), token: null })
  const list = await server.call('GET', '/api/admin/get-enquiries?limit=1', owner())
  return list.body[0]._id as string
}

const pageWith = (languages: Record<string, Record<string, string>>) => ({ translations: [languages] })

interface RouteCase {
  name: string
  allowed: Role[]
  /** Made as the owner before the fingerprint: what the call acts on. */
  prepare?: () => Promise<Record<string, string>>
  call: (token: string, made: Record<string, string>) => Promise<ApiResponse>
}

const ROUTES: RouteCase[] = [
  // Reads of content: everyone (a translator reads the original to translate it).
  {
    name: 'GET get-project',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-project/${ids.project}`, as(t)),
  },
  {
    name: 'GET get-project-translations',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-project-translations/${ids.project}`, as(t)),
  },
  {
    name: 'GET count-projects',
    allowed: EVERYONE,
    call: (t) => server.call('GET', '/api/admin/count-projects', as(t)),
  },
  { name: 'GET get-reviews', allowed: EVERYONE, call: (t) => server.call('GET', '/api/admin/get-reviews', as(t)) },
  {
    name: 'GET get-review',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-review/${ids.review}`, as(t)),
  },
  {
    name: 'GET get-review-translations',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-review-translations/${ids.review}`, as(t)),
  },
  {
    name: 'GET get-translations',
    allowed: EVERYONE,
    call: (t) => server.call('GET', '/api/admin/get-translations', as(t)),
  },
  {
    name: 'GET get-translation',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-translation/${ids.page}`, as(t)),
  },
  {
    name: 'GET get-language',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/get-language/${ids.de}`, as(t)),
  },
  // Projects
  {
    name: 'POST add-project (original)',
    allowed: STAFF,
    call: async (t) => server.call('POST', '/api/admin/add-project', { form: await projectForm(), ...as(t) }),
  },
  {
    name: 'POST add-project (translation into es), publishes',
    allowed: STAFF,
    prepare: async () => ({ parent: await newProject() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-project', {
        form: fieldsForm({ translate: 'true', parentId: m.parent!, language: 'es', title: 'Villa ES' }),
        ...as(t),
      }),
  },
  {
    name: 'POST add-project (translation into es), as a draft',
    allowed: EVERYONE,
    prepare: async () => ({ parent: await newProject() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-project', {
        form: fieldsForm({
          saveAs: 'draft',
          translate: 'true',
          parentId: m.parent!,
          language: 'es',
          title: 'Villa ES',
        }),
        ...as(t),
      }),
  },
  {
    name: 'POST add-project (translation into de)',
    allowed: STAFF,
    prepare: async () => ({ parent: await newProject() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-project', {
        form: fieldsForm({ translate: 'true', parentId: m.parent!, language: 'de', title: 'Villa DE' }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-project (es translation), publishes',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-project/${ids.projectEs}`, {
        form: fieldsForm({ title: unique('Villa ES') }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-project (es translation), as a draft',
    allowed: EVERYONE,
    call: (t) =>
      server.call('PUT', `/api/admin/update-project/${ids.projectEs}`, {
        form: fieldsForm({ saveAs: 'draft', title: unique('Villa ES') }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-project (es translation moved to de)',
    allowed: STAFF,
    prepare: async () => ({ es: await newProject('es', await newProject()) }),
    call: (t, m) =>
      server.call('PUT', `/api/admin/update-project/${m.es}`, { form: fieldsForm({ language: 'de' }), ...as(t) }),
  },
  {
    name: 'PUT update-project (de translation)',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-project/${ids.projectDe}`, {
        form: fieldsForm({ title: unique('Villa DE') }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-project (original)',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-project/${ids.project}`, {
        form: fieldsForm({ title: unique('Villa') }),
        ...as(t),
      }),
  },
  {
    name: 'DELETE delete-project (original)',
    allowed: STAFF,
    prepare: async () => ({ id: await newProject() }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-project/${m.id}`, as(t)),
  },
  {
    name: 'DELETE delete-project (es translation)',
    allowed: STAFF,
    prepare: async () => ({ id: await newProject('es', await newProject()) }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-project/${m.id}`, as(t)),
  },
  // Reviews
  {
    name: 'POST add-review (original)',
    allowed: STAFF,
    call: async (t) => server.call('POST', '/api/admin/add-review', { form: await reviewForm(), ...as(t) }),
  },
  {
    name: 'POST add-review (translation into es), publishes',
    allowed: STAFF,
    prepare: async () => ({ parent: await newReview() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-review', {
        form: fieldsForm({ translate: 'true', parentId: m.parent!, language: 'es', title: 'Reseña', description: 'd' }),
        ...as(t),
      }),
  },
  {
    name: 'POST add-review (translation into es), as a draft',
    allowed: EVERYONE,
    prepare: async () => ({ parent: await newReview() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-review', {
        form: fieldsForm({
          saveAs: 'draft',
          translate: 'true',
          parentId: m.parent!,
          language: 'es',
          title: 'Reseña',
          description: 'd',
        }),
        ...as(t),
      }),
  },
  {
    name: 'POST add-review (translation into de)',
    allowed: STAFF,
    prepare: async () => ({ parent: await newReview() }),
    call: (t, m) =>
      server.call('POST', '/api/admin/add-review', {
        form: fieldsForm({
          translate: 'true',
          parentId: m.parent!,
          language: 'de',
          title: 'Bewertung',
          description: 'd',
        }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-review (es translation), publishes',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-review/${ids.reviewEs}`, {
        form: fieldsForm({ title: unique('Reseña') }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-review (es translation), as a draft',
    allowed: EVERYONE,
    call: (t) =>
      server.call('PUT', `/api/admin/update-review/${ids.reviewEs}`, {
        form: fieldsForm({ saveAs: 'draft', title: unique('Reseña') }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-review (original)',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-review/${ids.review}`, {
        form: fieldsForm({ title: unique('Review') }),
        ...as(t),
      }),
  },
  {
    name: 'DELETE delete-review',
    allowed: STAFF,
    prepare: async () => ({ id: await newReview() }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-review/${m.id}`, as(t)),
  },
  // Page texts: checked per language changed; the page itself is an original.
  {
    name: 'POST add-translation',
    allowed: STAFF,
    call: (t) => server.call('POST', '/api/admin/add-translation', { json: { page: unique('page') }, ...as(t) }),
  },
  {
    name: 'PUT update-translation (es text), publishes',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-translation/${ids.page}`, {
        json: pageWith({ en: { Hello: 'Hello' }, es: { Hello: unique('Hola') }, de: { Hello: 'Hallo' } }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-translation (es text), as a draft',
    allowed: EVERYONE,
    // Every other language exactly as the server has it; only the Spanish draft is new.
    prepare: async () => ({
      texts: JSON.stringify(
        (await server.call('GET', `/api/admin/get-translation/${ids.page}`, owner())).body.translations,
      ),
    }),
    call: (t, m) => {
      const translations = JSON.parse(m.texts!) as Record<string, Record<string, string>>[]
      translations[0]!.es = { Hello: unique('Hola') }
      return server.call('PUT', `/api/admin/update-translation/${ids.page}`, {
        json: { saveAs: 'draft', language: 'es', translations },
        ...as(t),
      })
    },
  },
  {
    name: 'PUT update-translation (de text)',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-translation/${ids.page}`, {
        json: pageWith({ en: { Hello: 'Hello' }, es: { Hello: 'Hola' }, de: { Hello: unique('Hallo') } }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-translation (en text)',
    allowed: STAFF,
    call: (t) =>
      server.call('PUT', `/api/admin/update-translation/${ids.page}`, {
        json: pageWith({ en: { Hello: unique('Hi') }, es: { Hello: 'Hola' }, de: { Hello: 'Hallo' } }),
        ...as(t),
      }),
  },
  {
    name: 'PUT update-translation (rename page)',
    allowed: STAFF,
    prepare: async () => ({
      id: (await server.call('POST', '/api/admin/add-translation', { json: { page: unique('p') }, ...owner() })).body
        .translation._id,
    }),
    call: (t, m) =>
      server.call('PUT', `/api/admin/update-translation/${m.id}`, { json: { page: unique('renamed') }, ...as(t) }),
  },
  {
    name: 'DELETE delete-translation',
    allowed: STAFF,
    prepare: async () => ({
      id: (await server.call('POST', '/api/admin/add-translation', { json: { page: unique('p') }, ...owner() })).body
        .translation._id,
    }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-translation/${m.id}`, as(t)),
  },
  // Images
  {
    name: 'POST upload-image',
    allowed: EVERYONE,
    call: async (t) => {
      const form = new FormData()
      form.append('image', blob(await jpeg(320, 200)), 'a.jpg')
      return server.call('POST', '/api/admin/upload-image', { form, ...as(t) })
    },
  },
  {
    name: 'POST remove-image (original)',
    allowed: STAFF,
    prepare: async () => {
      const id = await newProject()
      const project = await server.call('GET', `/api/admin/get-project/${id}`, owner())
      return { id, image: project.body.featuredImage }
    },
    call: (t, m) =>
      server.call('POST', '/api/admin/remove-image', { json: { projectId: m.id, imageName: m.image }, ...as(t) }),
  },
  // Languages: a site setting.
  {
    name: 'POST add-language',
    allowed: OWNER,
    call: (t) => server.call('POST', '/api/admin/add-language', { json: { name: 'Italiano', code: 'it' }, ...as(t) }),
  },
  {
    name: 'PUT update-language',
    allowed: OWNER,
    call: (t) =>
      server.call('PUT', `/api/admin/update-language/${ids.de}`, { json: { name: unique('Deutsch') }, ...as(t) }),
  },
  {
    name: 'DELETE delete-language',
    allowed: OWNER,
    prepare: async () => ({
      id: (
        await server.call('POST', '/api/admin/add-language', {
          json: { name: 'Suomi', code: ['fi', 'da', 'nl', 'pl'][counter++ % 4] },
          ...owner(),
        })
      ).body.language._id,
    }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-language/${m.id}`, as(t)),
  },
  // Enquiries
  { name: 'GET get-enquiries', allowed: STAFF, call: (t) => server.call('GET', '/api/admin/get-enquiries', as(t)) },
  { name: 'GET enquiries.csv', allowed: STAFF, call: (t) => server.call('GET', '/api/admin/enquiries.csv', as(t)) },
  {
    name: 'GET get-enquiry',
    allowed: STAFF,
    call: (t) => server.call('GET', `/api/admin/get-enquiry/${ids.enquiry}`, as(t)),
  },
  {
    name: 'PUT update-enquiry',
    allowed: STAFF,
    prepare: async () => ({ id: await newEnquiry() }),
    call: (t, m) => server.call('PUT', `/api/admin/update-enquiry/${m.id}`, { json: { handled: true }, ...as(t) }),
  },
  {
    name: 'DELETE delete-enquiry',
    allowed: STAFF,
    prepare: async () => ({ id: await newEnquiry() }),
    call: (t, m) => server.call('DELETE', `/api/admin/delete-enquiry/${m.id}`, as(t)),
  },
  // Publishing (issue 22): the Spanish translation is the translator's; publishing needs the switch.
  {
    name: 'GET get-all-projects',
    allowed: EVERYONE,
    call: (t) => server.call('GET', '/api/admin/get-all-projects', as(t)),
  },
  {
    name: 'POST publish (es translation)',
    allowed: STAFF,
    call: (t) => server.call('POST', `/api/admin/publish/project/${ids.projectEs}`, { json: {}, ...as(t) }),
  },
  {
    name: 'POST unpublish (original)',
    allowed: STAFF,
    prepare: async () => ({ id: await newProject() }),
    call: (t, m) => server.call('POST', `/api/admin/unpublish/project/${m.id}`, { json: {}, ...as(t) }),
  },
  {
    name: 'DELETE schedule (es translation)',
    allowed: STAFF,
    call: (t) => server.call('DELETE', `/api/admin/schedule/project/${ids.projectEs}`, as(t)),
  },
  {
    name: 'POST preview-link (es translation)',
    allowed: EVERYONE,
    call: (t) => server.call('POST', `/api/admin/preview-link/project/${ids.projectEs}`, { json: {}, ...as(t) }),
  },
  {
    name: 'POST preview-link (de translation)',
    allowed: STAFF,
    call: (t) => server.call('POST', `/api/admin/preview-link/project/${ids.projectDe}`, { json: {}, ...as(t) }),
  },
  {
    name: 'DELETE preview-link (es translation)',
    allowed: EVERYONE,
    call: (t) => server.call('DELETE', `/api/admin/preview-link/project/${ids.projectEs}`, as(t)),
  },
  {
    name: 'GET versions (es translation)',
    allowed: EVERYONE,
    call: (t) => server.call('GET', `/api/admin/versions/project/${ids.projectEs}`, as(t)),
  },
  {
    name: 'GET versions (original)',
    allowed: STAFF,
    call: (t) => server.call('GET', `/api/admin/versions/project/${ids.project}`, as(t)),
  },
  {
    name: 'GET version (es translation)',
    allowed: EVERYONE,
    prepare: async () => ({
      version: (await server.call('GET', `/api/admin/versions/project/${ids.projectEs}`, owner())).body[0].id,
    }),
    call: (t, m) => server.call('GET', `/api/admin/version/project/${ids.projectEs}/${m.version}`, as(t)),
  },
  {
    name: 'POST restore-version (es translation)',
    allowed: EVERYONE,
    prepare: async () => ({
      version: (await server.call('GET', `/api/admin/versions/project/${ids.projectEs}`, owner())).body[0].id,
    }),
    call: (t, m) =>
      server.call('POST', `/api/admin/restore-version/project/${ids.projectEs}/${m.version}`, { json: {}, ...as(t) }),
  },
  {
    name: 'POST mark-up-to-date (es translation)',
    allowed: EVERYONE,
    call: (t) => server.call('POST', `/api/admin/mark-up-to-date/project/${ids.projectEs}`, { json: {}, ...as(t) }),
  },
  { name: 'GET trash', allowed: STAFF, call: (t) => server.call('GET', '/api/admin/trash', as(t)) },
  {
    name: 'POST restore (from the trash)',
    allowed: STAFF,
    prepare: async () => {
      const id = await newProject()
      expect((await server.call('DELETE', `/api/admin/delete-project/${id}`, owner())).status).toBe(200)
      return { id }
    },
    call: (t, m) => server.call('POST', `/api/admin/restore/project/${m.id}`, { json: {}, ...as(t) }),
  },
  {
    name: 'DELETE purge',
    allowed: STAFF,
    prepare: async () => {
      const id = await newProject()
      expect((await server.call('DELETE', `/api/admin/delete-project/${id}`, owner())).status).toBe(200)
      return { id }
    },
    call: (t, m) => server.call('DELETE', `/api/admin/purge/project/${m.id}`, as(t)),
  },
  // Site settings (owners) and redirects (owners and editors), issue 24.
  { name: 'GET settings', allowed: OWNER, call: (t) => server.call('GET', '/api/admin/settings', as(t)) },
  {
    name: 'PUT settings',
    allowed: OWNER,
    call: (t) => server.call('PUT', '/api/admin/settings', { json: { companyName: unique('Villas') }, ...as(t) }),
  },
  { name: 'GET redirects', allowed: STAFF, call: (t) => server.call('GET', '/api/admin/redirects', as(t)) },
  {
    name: 'POST redirects',
    allowed: STAFF,
    call: (t) =>
      server.call('POST', '/api/admin/redirects', { json: { from: `/${unique('old')}`, to: '/about' }, ...as(t) }),
  },
  {
    name: 'POST redirects/import',
    allowed: STAFF,
    call: (t) =>
      server.call('POST', '/api/admin/redirects/import', {
        json: { csv: `from,to\n/${unique('older')},/about\n` },
        ...as(t),
      }),
  },
  {
    name: 'DELETE redirects/:id',
    allowed: STAFF,
    prepare: async () => ({
      id: (
        await server.call('POST', '/api/admin/redirects', {
          json: { from: `/${unique('gone')}`, to: '/about' },
          ...owner(),
        })
      ).body.redirect._id,
    }),
    call: (t, m) => server.call('DELETE', `/api/admin/redirects/${m.id}`, as(t)),
  },
  // The SEO check (issue 24, item 8): owners and editors.
  { name: 'GET seo-report', allowed: STAFF, call: (t) => server.call('GET', '/api/admin/seo-report', as(t)) },
  // The dashboard's figures: owners and editors.
  {
    name: 'GET stats',
    allowed: STAFF,
    call: (t) => server.call('GET', '/api/admin/stats?from=2026-01-01&to=2026-01-31', as(t)),
  },
  {
    name: 'GET stats.csv',
    allowed: STAFF,
    call: (t) => server.call('GET', '/api/admin/stats.csv?from=2026-01-01&to=2026-01-31', as(t)),
  },
  // Everyone; a translator's holds only their languages' translations (stats.test.ts).
  { name: 'GET attention', allowed: EVERYONE, call: (t) => server.call('GET', '/api/admin/attention', as(t)) },
  // Accounts, invitations, settings, the audit log: owners.
  { name: 'GET users', allowed: OWNER, call: (t) => server.call('GET', '/api/admin/users', as(t)) },
  { name: 'GET users/:id', allowed: OWNER, call: (t) => server.call('GET', `/api/admin/users/${ids.target}`, as(t)) },
  {
    name: 'POST users (invite)',
    allowed: OWNER,
    call: (t) =>
      server.call('POST', '/api/admin/users', {
        json: { username: unique('new'), email: 'new@example.com', role: 'editor' },
        ...as(t),
      }),
  },
  {
    name: 'PUT users/:id',
    allowed: OWNER,
    call: (t) =>
      server.call('PUT', `/api/admin/users/${ids.target}`, {
        json: { languages: [counter++ % 2 ? 'es' : 'de'] },
        ...as(t),
      }),
  },
  {
    name: 'DELETE users/:id',
    allowed: OWNER,
    prepare: async () => ({ id: (await addAccount(server, { username: unique('leaver'), role: 'editor' })).id }),
    call: (t, m) => server.call('DELETE', `/api/admin/users/${m.id}`, as(t)),
  },
  { name: 'GET invitations', allowed: OWNER, call: (t) => server.call('GET', '/api/admin/invitations', as(t)) },
  {
    name: 'DELETE invitations/:id',
    allowed: OWNER,
    prepare: async () => ({
      id: (
        await server.call('POST', '/api/admin/users', {
          json: { username: unique('inv'), email: 'i@example.com', role: 'editor' },
          ...owner(),
        })
      ).body.invitation._id,
    }),
    call: (t, m) => server.call('DELETE', `/api/admin/invitations/${m.id}`, as(t)),
  },
  { name: 'GET sign-in-rules', allowed: OWNER, call: (t) => server.call('GET', '/api/admin/sign-in-rules', as(t)) },
  {
    name: 'PUT sign-in-rules',
    allowed: OWNER,
    call: (t) => server.call('PUT', '/api/admin/sign-in-rules', { json: { requireTwoFactor: false }, ...as(t) }),
  },
  { name: 'GET audit-log', allowed: OWNER, call: (t) => server.call('GET', '/api/admin/audit-log', as(t)) },
  {
    name: 'GET audit-log csv',
    allowed: OWNER,
    call: (t) => server.call('GET', '/api/admin/audit-log?format=csv', as(t)),
  },
  // Account: each person their own.
  { name: 'GET get-account', allowed: EVERYONE, call: (t) => server.call('GET', '/api/admin/get-account', as(t)) },
  { name: 'GET get-sessions', allowed: EVERYONE, call: (t) => server.call('GET', '/api/admin/get-sessions', as(t)) },
]

beforeAll(async () => {
  server = await startTestServer({
    limits: { loginPerIpPerMinute: 1000, sendEmailPerIpPer15Min: 1000, loginThrottle: { freeFailures: 1000 } },
  })
  tokens.owner = await server.login()
  ids.es = (
    await server.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })
  ).body.language._id
  ids.de = (
    await server.call('POST', '/api/admin/add-language', { json: { name: 'Deutsch', code: 'de' } })
  ).body.language._id
  ids.project = await newProject()
  ids.projectEs = await newProject('es', ids.project)
  ids.projectDe = await newProject('de', ids.project)
  ids.review = await newReview()
  ids.reviewEs = await newReview('es', ids.review)
  const page = await server.call('POST', '/api/admin/add-translation', { json: { page: 'matrix' } })
  ids.page = page.body.translation._id
  expect(
    (
      await server.call('PUT', `/api/admin/update-translation/${ids.page}`, {
        json: pageWith({ en: { Hello: 'Hello' }, es: { Hello: 'Hola' }, de: { Hello: 'Hallo' } }),
      })
    ).status,
  ).toBe(200)
  ids.enquiry = await newEnquiry()
  tokens.editor = (await addAccount(server, { username: 'edna', role: 'editor' })).token
  tokens.translator = (await addAccount(server, { username: 'tomas', role: 'translator', languages: ['es'] })).token
  ids.target = (await addAccount(server, { username: 'target', role: 'translator', languages: ['de'] })).id
  const gone = await addAccount(server, { username: 'gone', role: 'owner' })
  tokens.deactivated = gone.token
  expect((await server.call('DELETE', `/api/admin/users/${gone.id}`)).status).toBe(200)
})
afterAll(() => server?.close())

describe.each(['owner', 'editor', 'translator', 'deactivated'] as Role[])('as %s', (role) => {
  it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const made = (await route.prepare?.()) ?? {}
    const before = await fingerprint(server)
    const res = await route.call(tokens[role], made)
    if (role === 'deactivated') {
      expect(res.status, JSON.stringify(res.body)).toBe(401)
    } else if (route.allowed.includes(role)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200)
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
      return
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(403)
      // The message says what the role allows.
      expect(res.body.message).toMatch(role === 'editor' ? /^Editors may/ : /^Translators may .* \(es\)/)
    }
    expect(await fingerprint(server)).toEqual(before)
  })
})
