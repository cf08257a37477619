import { access, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockDataDir } from '../../src/server/data-dir-lock.js'
import { fieldsForm } from '../support/factories.js'
import { blob, jpeg } from '../support/images.js'
import { rawGet } from '../support/raw-get.js'
import { startTestServer, type TestServer } from '../support/test-server.js'
import { avifSettled } from '../support/wait-for.js'

let server: TestServer
let lock: { release(): Promise<void> }
beforeAll(async () => {
  server = await startTestServer()
  // As in production (main.ts): the data folder holds the server's lock file next to uploads/.
  lock = await lockDataDir(server.dataDir)
  await server.login()
})
afterAll(async () => {
  await lock.release()
  await server.close()
})

const idOf = (imagePath: string) => imagePath.slice('/uploads/'.length, '/uploads/'.length + 24)
const storedFiles = async () => (await readdir(path.join(server.dataDir, 'uploads'))).filter((f) => f !== '.tmp')
const filesOf = async (imagePath: string) => (await storedFiles()).filter((f) => f.startsWith(idOf(imagePath)))
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

async function uploadImage(): Promise<string> {
  const form = new FormData()
  form.append('image', blob(await jpeg(600, 400)), 'amenity.jpg')
  return (await server.call('POST', '/api/admin/upload-image', { form })).body.image
}

/** A project holding an image in every field: featured, banner, two gallery images, two amenities. */
async function fullProject(title: string) {
  const amenities = [
    { title: 'Pool', image: await uploadImage() },
    { title: 'Spa', image: await uploadImage() },
  ]
  const small = () => jpeg(600, 400)
  const form = fieldsForm(
    { title, amenities: JSON.stringify(amenities) },
    {
      featuredImage: [await small()],
      galleryBannerImage: [await small()],
      galleryImages: [await small(), await small()],
    },
  )
  const res = await server.call('POST', '/api/admin/add-project', { form })
  expect(res.status).toBe(200)
  return res.body.project
}

async function addReview(title: string) {
  const form = fieldsForm({ title, description: 'Lovely.' }, { featuredImage: [await jpeg(600, 400)] })
  const res = await server.call('POST', '/api/admin/add-review', { form })
  expect(res.status).toBe(200)
  return res.body.review
}

const removeImage = (json: Record<string, unknown>, token?: null) =>
  server.call('POST', '/api/admin/remove-image', { json, ...(token === null && { token }) })

describe('remove-image on a project', () => {
  type P = Record<string, any>
  it.each<[string, (p: P) => string, (before: P, after: P, removed: string) => void]>([
    ['featured image', (p) => p.featuredImage, (_, after) => expect(after.featuredImage).toBeNull()],
    ['banner image', (p) => p.galleryBannerImage, (_, after) => expect(after.galleryBannerImage).toBeNull()],
    [
      'gallery image',
      (p) => p.galleryImages[0],
      (before, after) => expect(after.galleryImages).toEqual([before.galleryImages[1]]),
    ],
    [
      'amenity image',
      (p) => p.amenities[1].image,
      (before, after) => expect(after.amenities).toEqual([before.amenities[0], { title: 'Spa', image: null }]),
    ],
  ])('takes the %s off the project, answers {project} and deletes the file', async (field, pick, check) => {
    const project = await fullProject(`Villa Remove ${field}`)
    const target = pick(project)
    await avifSettled(server.database)
    expect((await filesOf(target)).length).toBeGreaterThan(1)

    const res = await removeImage({ projectId: project._id, imageName: target })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['project'])
    check(project, res.body.project, target)
    // Every other field is as it was.
    const strip = (p: P) => ({
      ...p,
      featuredImage: 0,
      galleryBannerImage: 0,
      galleryImages: 0,
      amenities: 0,
      // Counts the images without alt text (decision 115): one fewer image, one fewer.
      missingAltText: 0,
      updatedAt: 0,
      // A change: it grows the version and names who made it (issue 22).
      version: 0,
      changedAt: 0,
    })
    expect(strip(res.body.project)).toEqual(strip(project))
    const read = await server.call('GET', `/api/admin/get-project/${project._id}`)
    expect(read.body).toEqual(res.body.project)

    expect(await filesOf(target)).toEqual([])
    expect((await fetch(`${server.url}${target}`)).status).toBe(404)
  })

  it('accepts the bare file name', async () => {
    const project = await fullProject('Villa Bare Name')
    const res = await removeImage({
      projectId: project._id,
      imageName: project.galleryImages[1].slice('/uploads/'.length),
    })
    expect(res.status).toBe(200)
    expect(res.body.project.galleryImages).toEqual([project.galleryImages[0]])
  })

  it('keeps the file while a translation still holds the image', async () => {
    await server.call('POST', '/api/admin/add-language', { json: { code: 'es', name: 'Español' } })
    const project = await fullProject('Villa Shared Featured')
    const form = fieldsForm({ translate: 'true', parentId: project._id, language: 'es', title: 'Villa Compartida' })
    expect((await server.call('POST', '/api/admin/add-project', { form })).status).toBe(200)
    await avifSettled(server.database)
    expect((await removeImage({ projectId: project._id, imageName: project.featuredImage })).status).toBe(200)
    expect(await filesOf(project.featuredImage)).toContain(`${idOf(project.featuredImage)}.jpg`)
  })

  it('answers 404 for an image the project does not hold, and deletes nothing', async () => {
    const project = await fullProject('Villa Not Mine')
    const other = await fullProject('Villa Other')
    await avifSettled(server.database)
    const res = await removeImage({ projectId: project._id, imageName: other.featuredImage })
    expect(res.status).toBe(404)
    expect((await server.call('GET', `/api/admin/get-project/${other._id}`)).body.featuredImage).toBe(
      other.featuredImage,
    )
    expect(await filesOf(other.featuredImage)).toContain(`${idOf(other.featuredImage)}.jpg`)
    const unknown = await removeImage({
      projectId: '00000000-0000-4000-8000-000000000000',
      imageName: other.featuredImage,
    })
    expect(unknown.status).toBe(404)
  })

  it('needs a token and exactly one of projectId and reviewId', async () => {
    const project = await fullProject('Villa Guarded')
    expect((await removeImage({ projectId: project._id, imageName: project.featuredImage }, null)).status).toBe(401)
    const neither = await removeImage({ imageName: project.featuredImage })
    expect(neither.status).toBe(400)
    expect(neither.body.field).toBe('projectId')
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body.featuredImage).toBe(
      project.featuredImage,
    )
  })
})

describe('remove-image on a review', () => {
  it('takes the featured image off the review with {reviewId, imageName}, answers {review} and deletes the file', async () => {
    const review = await addReview('A stay to remember')
    await avifSettled(server.database)
    const res = await removeImage({ reviewId: review._id, imageName: review.featuredImage })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['review'])
    expect(res.body.review).toMatchObject({ _id: review._id, title: 'A stay to remember', featuredImage: null })
    expect(await filesOf(review.featuredImage)).toEqual([])
  })

  it('answers 404 for an image the review does not hold', async () => {
    const review = await addReview('Another stay')
    const project = await fullProject('Villa For Review')
    const res = await removeImage({ reviewId: review._id, imageName: project.featuredImage })
    expect(res.status).toBe(404)
    expect((await server.call('GET', `/api/admin/get-review/${review._id}`)).body.featuredImage).toBe(
      review.featuredImage,
    )
  })
})

describe('path traversal', () => {
  let project: Record<string, any>
  let review: Record<string, any>
  beforeAll(async () => {
    project = await fullProject('Villa Traversal')
    review = await addReview('Traversal')
    await avifSettled(server.database)
    await writeFile(path.join(server.dataDir, 'keep.txt'), 'keep')
  })

  it.each([
    '../../etc/passwd',
    '/uploads/../server.lock',
    '/uploads/../../server.lock',
    '%2e%2e/x',
    '%2e%2e%2fserver.lock',
    '..\\server.lock',
    '/etc/passwd',
    '/server.lock',
  ])('remove-image with imageName %j is refused and deletes nothing', async (imageName) => {
    const filesBefore = await storedFiles()

    for (const absolute of [imageName, path.join(server.dataDir, 'server.lock')]) {
      for (const target of [{ projectId: project._id }, { reviewId: review._id }]) {
        const res = await removeImage({ ...target, imageName: absolute })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
      }
    }
    expect(await storedFiles()).toEqual(filesBefore)
    expect(await readFile(path.join(server.dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    expect(await exists(path.join(server.dataDir, 'keep.txt'))).toBe(true)
    expect(filesBefore).toEqual(
      expect.arrayContaining([project.featuredImage, review.featuredImage].map((p) => p.slice(9))),
    )
    expect((await server.call('GET', `/api/admin/get-project/${project._id}`)).body).toEqual(project)
    expect((await server.call('GET', `/api/admin/get-review/${review._id}`)).body.featuredImage).toBe(
      review.featuredImage,
    )
  })

  it('GET /uploads/ answers 404 for dot segments and for any name the server never makes', async () => {
    const stored = await uploadImage()
    const id = idOf(stored)
    expect((await rawGet(server.url, stored)).status).toBe(200)
    for (const rawPath of [
      '/uploads/../x',
      '/uploads/../server.lock',
      '/uploads/..%2fserver.lock',
      '/uploads/%2e%2e%2fserver.lock',
      '/uploads/%2e%2e/server.lock',
      '/uploads/server.lock',
      '/uploads/.tmp',
      '/uploads/x.jpg',
      `/uploads/${id}.exe`,
      `/uploads/${id.toUpperCase()}.jpg`,
      `/uploads/${id}.jpg%00.png`,
      `/uploads/${'0'.repeat(24)}.jpg`,
    ]) {
      const res = await rawGet(server.url, rawPath)
      expect(res.status, rawPath).toBe(404)
      expect(res.body.toString(), rawPath).not.toContain(String(process.pid))
    }
  })
})
