import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { images } from '../../src/server/db/schema.js'
import { fieldsForm } from '../support/factories.js'
import { jpeg } from '../support/images.js'
import { idOf, type projectApi, startProjectServer } from '../support/project-api.js'
import type { TestServer } from '../support/test-server.js'
import { until } from '../support/wait-for.js'

// Decision 161: an image no record shows any more keeps its files for RELEASED_IMAGES_KEEP_MINUTES
// (an hour in production; 5 s here), so a page a visitor has open, or was just sent from the
// cache before its re-render, shows it whole; then it is deleted.
const KEEP_MS = 5_000
let server: TestServer
let api: ReturnType<typeof projectApi>
beforeAll(
  async () =>
    ({ server, api } = await startProjectServer({ env: { RELEASED_IMAGES_KEEP_MINUTES: String(KEEP_MS / 60_000) } })),
)
afterAll(() => server.close())

const status = async (path: string) => (await fetch(`${server.url}${path}`)).status
const rowOf = async (path: string) => (await server.database.db.select().from(images).where(eq(images.path, path)))[0]

async function replaceFeatured(project: { _id: string }) {
  const res = await server.call('PUT', `/api/admin/update-project/${project._id}`, {
    form: fieldsForm({}, { featuredImage: [await jpeg(700, 500)] }),
  })
  expect(res.status).toBe(200)
  return res.body.project as { featuredImage: string }
}

it('keeps a replaced image a while, then deletes its files and row', async () => {
  const project = await api.addProject({ fields: { title: 'Casa Grace' } })
  await api.avifSettled()
  const old = project.featuredImage
  const files = await api.filesOf(old)
  expect(files).toContain(`${idOf(old)}.jpg`)

  const released = Date.now()
  const updated = await replaceFeatured(project)
  expect(updated.featuredImage).not.toBe(old)
  // Still served, with every variant, right after the change.
  expect(await status(old)).toBe(200)
  expect(await api.filesOf(old)).toEqual(files)
  expect((await rowOf(old))?.releasedAt).toBeInstanceOf(Date)

  // The files go first, then the row, in one transaction: done when the row is gone.
  await until('the released image to be deleted', async () => (await rowOf(old)) === undefined, KEEP_MS + 10_000)
  expect(Date.now() - released).toBeGreaterThanOrEqual(KEEP_MS)
  expect(await api.filesOf(old)).toEqual([])
  expect(await status(old)).toBe(404)
  expect(await status(updated.featuredImage)).toBe(200)
}, 30_000)

it('keeps an image shown again within that time (an earlier version restored)', async () => {
  const project = await api.addProject({ fields: { title: 'Casa Restore' } })
  await api.avifSettled()
  const old = project.featuredImage
  await replaceFeatured(project)
  expect((await rowOf(old))?.releasedAt).toBeInstanceOf(Date)

  const versions = (await server.call('GET', `/api/admin/versions/project/${project._id}?limit=10`)).body
  const first = versions.at(-1)
  const restored = await server.call('POST', `/api/admin/restore-version/project/${project._id}/${first.id}`)
  expect(restored.status).toBe(200)
  expect(restored.body.draft.featuredImage).toBe(old)

  // The sweep after the time is up finds it shown again: it stays, no longer released.
  await until('the sweep to keep it', async () => (await rowOf(old))?.releasedAt === null, KEEP_MS + 10_000)
  expect(await status(old)).toBe(200)
  expect(await api.filesOf(old)).toContain(`${idOf(old)}.jpg`)
}, 30_000)
