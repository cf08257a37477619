import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { images } from '../../src/server/db/schema.js'
import type { ImageStore } from '../../src/server/storage/image-store.js'
import { createLocalImageStore } from '../../src/server/storage/local-image-store.js'
import { blob, jpeg } from '../support/images.js'
import { until } from '../support/wait-for.js'
import { createTestDatabase } from '../support/test-database.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

// Two instances on one database and one uploads folder: each image's AVIF variants are made by
// one of them (they claim images as the outbox claims deliveries), not by both.

/** The real folder store, counting the AVIF files written through it. */
function countingStore(root: string, written: string[]): ImageStore {
  const store = createLocalImageStore(root)
  return {
    ...store,
    async put(key, body, contentType) {
      if (key.endsWith('.avif')) written.push(key)
      return store.put(key, body, contentType)
    },
  }
}

describe('AVIF work shared by two instances', () => {
  let database: Database
  let uploads: string
  const servers: TestServer[] = []
  const written: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
    uploads = await mkdtemp(path.join(tmpdir(), 'villa-shared-uploads-'))
    for (let i = 0; i < 2; i++) {
      const server = await startTestServer({ database, store: countingStore(uploads, written) })
      await server.login()
      servers.push(server)
    }
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    await database?.close()
    await rm(uploads, { recursive: true, force: true })
  })

  it('encodes each image once, though both queues run', async () => {
    const uploaded: string[] = []
    // Uploads through both, so both queues wake and look for work at the same time.
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const form = new FormData()
        form.append('image', blob(await jpeg(700 + i * 8, 400)), `i${i}.jpg`)
        const res = await servers[i % 2]!.call('POST', '/api/admin/upload-image', { form })
        expect(res.status).toBe(200)
        uploaded.push(res.body.image)
      }),
    )
    await until(
      'AVIF variants of every upload',
      async () => (await database.db.select().from(images).where(eq(images.avifReady, false))).length === 0,
      60_000,
    )
    const rows = await database.db.select().from(images)
    const expected = rows.reduce((sum, row) => sum + row.variantWidths.length, 0)
    expect(uploaded).toHaveLength(4)
    expect(written.length).toBe(expected)
    expect(new Set(written).size).toBe(written.length)
  }, 90_000)
})
