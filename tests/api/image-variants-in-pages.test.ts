import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images } from '../../src/server/db/schema.js'
import { blob, jpeg } from '../support/images.js'
import { projectForm } from '../support/factories.js'
import { rawGet } from '../support/raw-get.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { avifSettled, waitFor } from '../support/wait-for.js'

// Variants made in the background reach pages already rendered (needs `npm run build`).
let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({ site: true })
})
afterAll(() => server.close())

const page = async (path: string) => (await rawGet(server.url, path, {})).body.toString()

describe('background image variants in rendered pages', () => {
  it('a page rendered before an image had its AVIF offers it once made, with no change in the back office', async () => {
    const added = await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Late Avif, Estepona', isShow: 'true' } }),
    })
    expect(added.status).toBe(200)
    const { featuredImage, slug } = added.body.project as { featuredImage: string; slug: string }
    const base = featuredImage.replace(/\.jpg$/, '')
    await avifSettled(server.database)

    // As if its AVIF were still being made by another instance: not ready, and held.
    await server.database.db
      .update(images)
      .set({ avifReady: false, avifLeaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(images.path, featuredImage))
    // A change renders the page again, without AVIF for that image.
    await server.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa Other, Casares' }, featured: false }),
    })
    const before = await waitFor(
      'the project page without AVIF',
      () => page(`/project/${slug}`),
      (html) => html.includes(`${base}-480.webp`) && !html.includes(`${base}-480.avif`),
    )
    expect(before).toContain('Villa Late Avif')

    // The other instance gave up; this one's worker (woken by an upload) makes the AVIF.
    await server.database.db.update(images).set({ avifLeaseUntil: null }).where(eq(images.path, featuredImage))
    const form = new FormData()
    form.append('image', blob(await jpeg()), 'photo.jpg')
    expect((await server.call('POST', '/api/admin/upload-image', { form })).status).toBe(200)
    await waitFor(
      'the project page with AVIF',
      () => page(`/project/${slug}`),
      (html) => html.includes(`${base}-480.avif`),
    )
  })
})
