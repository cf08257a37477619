import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/server/db/client.js'
import { images } from '../../src/server/db/schema.js'
import { fieldsForm, projectForm } from '../support/factories.js'
import { avif, blob, jpeg, jpegWithGps, png, svg, text, webp } from '../support/images.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'
import { avifSettled, waitFor } from '../support/wait-for.js'

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn()
})
afterAll(() => server.close())

const IMAGE_PATH = /^\/uploads\/([a-f0-9]{24})\.(jpg|png|webp|avif)$/

function upload(on: TestServer, buffer: Buffer, name = 'photo.jpg', type?: string) {
  const form = new FormData()
  form.append('image', blob(buffer, type), name)
  return on.call('POST', '/api/admin/upload-image', { form })
}

async function served(on: TestServer, imagePath: string) {
  const res = await fetch(`${on.url}${imagePath}`)
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Files in dataDir/uploads, the temp folder aside; none when the folder was never made. */
async function storedFiles(dataDir: string) {
  const names = await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])
  return names.filter((f) => f !== '.tmp').sort()
}

async function tmpFiles(dataDir: string) {
  return readdir(path.join(dataDir, 'uploads', '.tmp')).catch(() => [] as string[])
}

const imageRows = (database: Database) => database.db.select().from(images)

describe('upload-image', () => {
  it('answers {image} with an /uploads/ path that the server serves with its type and an immutable cache header', async () => {
    const res = await upload(server, await jpeg())
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['image'])
    expect(res.body.image).toMatch(IMAGE_PATH)

    const file = await served(server, res.body.image)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 })
  })

  it('stores resized WebP variants, narrower than the original and never wider', async () => {
    const res = await upload(server, await jpeg())
    const [, id] = IMAGE_PATH.exec(res.body.image)!
    for (const [width, height] of [
      [480, 320],
      [768, 512],
      [960, 640],
    ]) {
      const variant = await served(server, `/uploads/${id}-${width}.webp`)
      expect(variant.status).toBe(200)
      expect(variant.headers.get('content-type')).toBe('image/webp')
      expect(variant.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await sharp(variant.bytes).metadata()).toMatchObject({ format: 'webp', width, height })
    }
    expect((await served(server, `/uploads/${id}-1280.webp`)).status).toBe(404)
    expect((await served(server, `/uploads/${id}-1600.webp`)).status).toBe(404)
  })

  it('gives an image stored before a change of widths the ones it lacks, WebP and AVIF, in the background', async () => {
    const res = await upload(server, await jpeg())
    const [, id] = IMAGE_PATH.exec(res.body.image)!
    await avifSettled(server.database)
    // As an image stored when the widths were 480, 960 and 1600 is.
    const uploads = path.join(server.dataDir, 'uploads')
    await rm(path.join(uploads, `${id}-768.webp`))
    await rm(path.join(uploads, `${id}-768.avif`))
    await server.database.db
      .update(images)
      .set({ variantWidths: [480, 960] })
      .where(eq(images.path, res.body.image))
    expect((await served(server, `/uploads/${id}-768.webp`)).status).toBe(404)

    // The worker wakes on the next upload (and at start, and every few minutes).
    expect((await upload(server, await png())).status).toBe(200)
    await waitFor(
      'the image to list its new width',
      async () => (await server.database.db.select().from(images).where(eq(images.path, res.body.image)))[0]!,
      (row) => row.variantWidths.join() === '480,768,960',
    )
    for (const format of ['webp', 'avif']) {
      const variant = await served(server, `/uploads/${id}-768.${format}`)
      expect(variant.status).toBe(200)
      expect(await sharp(variant.bytes).metadata()).toMatchObject({ width: 768, height: 512 })
    }
  })

  it.each([
    ['JPEG', jpeg, 'jpg', 'image/jpeg', 'jpeg'],
    ['PNG', png, 'png', 'image/png', 'png'],
    ['WebP', webp, 'webp', 'image/webp', 'webp'],
    ['AVIF', avif, 'avif', 'image/avif', 'heif'],
  ])('accepts %s and serves it in that format', async (_, make, ext, type, format) => {
    const res = await upload(server, await make(), `picture.${ext}`)
    expect(res.status).toBe(200)
    expect(IMAGE_PATH.exec(res.body.image)?.[2]).toBe(ext)
    const file = await served(server, res.body.image)
    expect(file.headers.get('content-type')).toBe(type)
    expect((await sharp(file.bytes).metadata()).format).toBe(format)
  })

  it.each([
    ['a text file', text, 'notes.txt', 'text/plain'],
    ['an SVG', svg, 'logo.svg', 'image/svg+xml'],
    ['a text file named .jpg and declared image/jpeg', text, 'photo.jpg', 'image/jpeg'],
  ])('answers 415 for %s and keeps no file and no row', async (_, make, name, type) => {
    await avifSettled(server.database)
    const filesBefore = await storedFiles(server.dataDir)
    const rowsBefore = (await imageRows(server.database)).length
    const res = await upload(server, make(), name, type)
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('File must be a JPEG, PNG, WebP or AVIF image')
    expect(await storedFiles(server.dataDir)).toEqual(filesBefore)
    expect(await imageRows(server.database)).toHaveLength(rowsBefore)
  })

  it('needs a token and an image', async () => {
    const form = new FormData()
    form.append('image', blob(await jpeg()), 'photo.jpg')
    expect((await server.call('POST', '/api/admin/upload-image', { form, token: null })).status).toBe(401)
    const empty = await server.call('POST', '/api/admin/upload-image', { form: fieldsForm({ title: 'x' }) })
    expect(empty.status).toBe(400)
    expect(empty.body.field).toBe('image')
  })

  it('strips EXIF, GPS included, from a stored JPEG', async () => {
    const input = await jpegWithGps()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const res = await upload(server, input)
    expect(res.status).toBe(200)
    const file = await served(server, res.body.image)
    const meta = await sharp(file.bytes).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(file.bytes.includes(Buffer.from('TestCam'))).toBe(false)
  })
})

describe('upload limits', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({ env: { UPLOAD_MAX_FILE_MB: '1', UPLOAD_MAX_PIXELS: '1000000' } })
    await limited.login()
  })
  afterAll(() => limited.close())

  it('answers 413 for a file over UPLOAD_MAX_FILE_MB and keeps nothing', async () => {
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 }
    const noisy = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#000', noise } })
      .jpeg({ quality: 100 })
      .toBuffer()
    // A real JPEG (bytes after its end marker are ignored by decoders), within the pixel limit, ~2 MB.
    const big = Buffer.concat([noisy, Buffer.alloc(2 * 1024 * 1024 - noisy.length)])
    const res = await upload(limited, big)
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('File is larger than 1 MB')
    expect(await storedFiles(limited.dataDir)).toEqual([])
    expect(await tmpFiles(limited.dataDir)).toEqual([])
    expect(await imageRows(limited.database)).toEqual([])
    // The same server still takes an image under both limits.
    expect((await upload(limited, await jpeg(600, 400))).status).toBe(200)
  })

  it('answers 413 for an image with more pixels than UPLOAD_MAX_PIXELS (a pixel flood)', async () => {
    await avifSettled(limited.database)
    const before = await storedFiles(limited.dataDir)
    const flood = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    expect(flood.length).toBeLessThan(512 * 1024)
    const res = await upload(limited, flood, 'flood.png')
    expect(res.status).toBe(413)
    expect(await storedFiles(limited.dataDir)).toEqual(before)
  })
})

describe('S3-compatible storage', () => {
  const BUCKET = 'villa-images'
  let s3dir: string
  let s3rver: { run(): Promise<{ port: number }>; close(): Promise<void> }
  let endpoint: string
  let onS3: TestServer

  beforeAll(async () => {
    s3dir = await mkdtemp(path.join(tmpdir(), 'villa-s3-'))
    // s3rver ships no types; it is started exactly as its README shows.
    const S3rver = createRequire(import.meta.url)('s3rver')
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    })
    const { port } = await s3rver.run()
    endpoint = `http://127.0.0.1:${port}`
    onS3 = await startTestServer({
      env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    })
    await onS3.login()
  })
  afterAll(async () => {
    await onS3?.close()
    await s3rver?.close()
    await rm(s3dir, { recursive: true, force: true })
  })

  const bucketKeys = async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))
    client.destroy()
    return (listed.Contents ?? []).map((o) => o.Key!).sort()
  }

  it('stores uploads in the bucket, serves them byte for byte, and deletes them with their project', async () => {
    const res = await onS3.call('POST', '/api/admin/add-project', {
      form: await projectForm({ fields: { title: 'Villa S3' } }),
    })
    expect(res.status).toBe(200)
    const imagePath: string = res.body.project.featuredImage
    const [, id] = IMAGE_PATH.exec(imagePath)!
    const key = `${id}.jpg`

    const stored = await readFile(path.join(s3dir, BUCKET, `${key}._S3rver_object`))
    const file = await served(onS3, imagePath)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.bytes.equals(stored)).toBe(true)
    expect((await sharp(file.bytes).metadata()).width).toBe(1200)
    expect(await bucketKeys()).toEqual(expect.arrayContaining([key, `${id}-480.webp`, `${id}-960.webp`]))
    expect(await storedFiles(onS3.dataDir)).toEqual([])

    await avifSettled(onS3.database)
    expect((await onS3.call('DELETE', `/api/admin/delete-project/${res.body.project._id}`)).status).toBe(200)
    expect((await onS3.call('DELETE', `/api/admin/purge/project/${res.body.project._id}`)).status).toBe(200)
    expect((await bucketKeys()).filter((k) => k.startsWith(id!))).toEqual([])
    expect((await served(onS3, imagePath)).status).toBe(404)
  })
})
