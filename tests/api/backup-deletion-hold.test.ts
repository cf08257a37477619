import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdDeletions, releaseDeletions } from '../../src/server/backup/deletion-hold.js'
import { projectForm } from '../support/factories.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// A backup copies the image files its database snapshot names, after taking the snapshot; an
// image deleted meanwhile would be missing from it. So deletions wait while a backup runs.

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn()
})
afterAll(() => server.close())

async function projectWithImage(title: string) {
  const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm({ fields: { title } }) })
  expect(res.status).toBe(200)
  return res.body.project as { _id: string; featuredImage: string }
}

const imageStatus = async (imagePath: string) => (await fetch(`${server.url}${imagePath}`)).status

describe('image deletion during a backup', () => {
  it('keeps the files of a deleted record while a backup holds deletions, and deletes them after', async () => {
    const project = await projectWithImage('Villa Held')
    await holdDeletions(server.database.db, 60_000)
    expect((await server.call('DELETE', `/api/admin/delete-project/${project._id}`)).status).toBe(200)
    // Deleting moves to the trash; the purge is what deletes (issue 22).
    expect((await server.call('DELETE', `/api/admin/purge/project/${project._id}`)).status).toBe(200)
    expect(await imageStatus(project.featuredImage)).toBe(200)

    await releaseDeletions(server.database.db)
    await server.app.ctx.images.deleteUnreferenced([project.featuredImage]) // what the sweeper does later
    expect(await imageStatus(project.featuredImage)).toBe(404)
  })

  it('deletes at once when no backup runs, and after a hold has expired', async () => {
    const now = await projectWithImage('Villa Now')
    expect((await server.call('DELETE', `/api/admin/delete-project/${now._id}`)).status).toBe(200)
    // Deleting moves to the trash; the purge is what deletes (issue 22).
    expect((await server.call('DELETE', `/api/admin/purge/project/${now._id}`)).status).toBe(200)
    expect(await imageStatus(now.featuredImage)).toBe(404)

    const later = await projectWithImage('Villa Later')
    await holdDeletions(server.database.db, 1) // a backup that died long ago
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await server.call('DELETE', `/api/admin/delete-project/${later._id}`)).status).toBe(200)
    // Deleting moves to the trash; the purge is what deletes (issue 22).
    expect((await server.call('DELETE', `/api/admin/purge/project/${later._id}`)).status).toBe(200)
    expect(await imageStatus(later.featuredImage)).toBe(404)
  })
})
