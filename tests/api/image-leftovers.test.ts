import { eq } from 'drizzle-orm'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { images } from '../../src/server/db/schema.js'
import type { ImageStore } from '../../src/server/storage/image-store.js'
import { createLocalImageStore } from '../../src/server/storage/local-image-store.js'
import { projectForm } from '../support/factories.js'
import { blob, text } from '../support/images.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// Requests that fail or race the background work leave no image file and no image row behind.

/** Files in dataDir/uploads, the temp folder aside; none when the folder was never made. */
async function storedFiles(dataDir: string) {
  const names = await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])
  return names.filter((f) => f !== '.tmp').sort()
}

/** Runs `during`, then stops the server (which waits for its background work) and answers what it left. */
async function leftAfter(
  during: (on: TestServer) => Promise<void>,
  storeOf?: (root: string, database: Database) => ImageStore,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'villa-data-'))
  const database = await createTestDatabase()
  try {
    const store = storeOf?.(path.join(dataDir, 'uploads'), database)
    const on = await startTestServer({ dataDir, database, ...(store && { store }) })
    await on.login()
    await during(on).finally(() => on.close())
    return { files: await storedFiles(dataDir), rows: await database.db.select().from(images) }
  } finally {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

describe('nothing is left behind', () => {
  it('a failed add-project (good images and one non-image) stores no file and no project', async () => {
    let projects: unknown[] = []
    const left = await leftAfter(async (on) => {
      const form = await projectForm({ banner: true, gallery: 2 })
      form.append('galleryImages', blob(text()), 'not-an-image.jpg')
      const res = await on.call('POST', '/api/admin/add-project', { form })
      expect(res.status).toBe(415)
      expect(res.body.field).toBe('galleryImages')
      projects = (await on.call('GET', '/api/admin/get-projects')).body
    })
    expect(projects).toEqual([])
    expect(left).toEqual({ files: [], rows: [] })
  })

  /** Adds a project with a banner and two gallery images, then deletes it for good at once. */
  const addThenPurge = async (on: TestServer) => {
    const res = await on.call('POST', '/api/admin/add-project', {
      form: await projectForm({ banner: true, gallery: 2 }),
    })
    expect(res.status).toBe(200)
    expect((await on.call('DELETE', `/api/admin/delete-project/${res.body.project._id}`)).status).toBe(200)
    // Deleting moves to the trash; the purge is what deletes (issue 22).
    expect((await on.call('DELETE', `/api/admin/purge/project/${res.body.project._id}`)).status).toBe(200)
  }

  it('deleting a project at once, while its AVIF variants are being made, leaves no file', async () => {
    const left = await leftAfter(addThenPurge)
    expect(left).toEqual({ files: [], rows: [] })
  })

  // On the embedded database a transaction holds the only connection, so the encoder cannot
  // mark anything done mid-deletion; the race exists only on PostgreSQL.
  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'a deletion slow to remove files still takes the AVIF variants the encoder finishes meanwhile',
    async () => {
      // The real folder store, whose delete waits (up to 3 s) until the encoder marks one more
      // image done: the deletion has already listed the files by then, so only a lock on the rows
      // makes the encoder see that the image is gone and remove what it wrote.
      const slowDelete = (root: string, database: Database): ImageStore => {
        const store = createLocalImageStore(root)
        const done = async () => (await database.db.select().from(images).where(eq(images.avifReady, true))).length
        return {
          ...store,
          async delete(keys) {
            // The encoder's own clean-up (AVIF files only) is not held up.
            if (keys.every((key) => key.endsWith('.avif'))) return store.delete(keys)
            const before = await done()
            await store.delete(keys)
            for (let waited = 0; waited < 3000 && (await done()) === before; waited += 50) {
              await new Promise((resolve) => setTimeout(resolve, 50))
            }
          },
        }
      }
      const left = await leftAfter(addThenPurge, slowDelete)
      expect(left).toEqual({ files: [], rows: [] })
    },
  )
})
