import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsForm } from '../support/factories.js'
import { jpeg, text } from '../support/images.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({}, 'es', 'sv')
})
afterAll(() => server.close())

const addReview = async (fields: Record<string, string>, withImage = true) =>
  server.call('POST', '/api/admin/add-review', {
    form: fieldsForm(fields, withImage ? { featuredImage: [await jpeg(400, 400)] } : {}),
  })

// AVIF variants are made in the background, at any moment; the files a request stores are the rest.
const uploads = async () =>
  (await readdir(path.join(server.dataDir, 'uploads'))).filter((f) => !f.startsWith('.') && !f.endsWith('.avif'))

describe('reviews', () => {
  it('adds a review with title, description and featured image', async () => {
    const res = await addReview({ title: 'Anna, Marbella', description: 'Wonderful team.' })
    expect(res.status).toBe(200)
    expect(res.body.review).toMatchObject({
      title: 'Anna, Marbella',
      description: 'Wonderful team.',
      language: 'en',
      parentId: null,
      featuredImage: expect.stringMatching(/^\/uploads\/[a-f0-9]{24}\.jpg$/),
    })
  })

  it('requires title, description and featured image on add', async () => {
    expect((await addReview({ description: 'x' })).body).toMatchObject({ message: 'Title is required', field: 'title' })
    expect((await addReview({ title: 'x' })).body).toMatchObject({
      message: 'Description is required',
      field: 'description',
    })
    const noImage = await addReview({ title: 'x', description: 'y' }, false)
    expect(noImage).toMatchObject({ status: 400, body: { field: 'featuredImage' } })
  })

  it('refuses a non-image and keeps nothing of the request', async () => {
    const before = await uploads()
    const res = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm({ title: 'Bad', description: 'file' }, { featuredImage: [text()] }),
    })
    expect(res.status).toBe(415)
    expect(await uploads()).toEqual(before)
    const all = await server.call('GET', '/api/admin/get-reviews')
    expect(all.body.some((r: { title: string }) => r.title === 'Bad')).toBe(false)
  })

  it('translates a review, carrying the original image, and lists per language', async () => {
    const original = (await addReview({ title: 'Lars, Sotogrande', description: 'Superb craftsmanship.' })).body.review
    const res = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm({
        parentId: original._id,
        translate: 'true',
        language: 'es',
        title: 'Lars, Sotogrande',
        description: 'Una artesanía excelente.',
      }),
    })
    expect(res.status).toBe(200)
    expect(res.body.review).toMatchObject({
      language: 'es',
      featuredImage: original.featuredImage,
      parentId: { _id: original._id, language: 'en' },
    })

    const es = await server.call('GET', '/api/admin/get-reviews/es', { token: null })
    expect(es.status).toBe(200)
    const lars = es.body.find(
      (r: { parentId: { _id: string } | null; _id: string }) => r.parentId?._id === original._id,
    )
    expect(lars.description).toBe('Una artesanía excelente.')
    // Originals without a Spanish version are listed in their own language; newest first.
    expect(es.body.map((r: { title: string }) => r.title)).toEqual(['Lars, Sotogrande', 'Anna, Marbella'])
    const sv = await server.call('GET', '/api/admin/get-reviews/sv', { token: null })
    expect(sv.body.map((r: { language: string }) => r.language)).toEqual(['en', 'en'])

    const translations = await server.call('GET', `/api/admin/get-review-translations/${original._id}`)
    expect(translations.body.map((r: { language: string }) => r.language)).toEqual(['es'])

    const again = await server.call('POST', '/api/admin/add-review', {
      form: fieldsForm({ parentId: original._id, translate: 'true', language: 'es', title: 'x', description: 'y' }),
    })
    expect(again.status).toBe(409)
  })

  it('answers 404 for an unknown language in the public list', async () => {
    expect((await server.call('GET', '/api/admin/get-reviews/zz', { token: null })).status).toBe(404)
  })

  it('updates a review; a new image replaces the old file', async () => {
    const review = (await addReview({ title: 'Old', description: 'Old text' })).body.review
    const oldFile = review.featuredImage.split('/').pop()
    const res = await server.call('PUT', `/api/admin/update-review/${review._id}`, {
      form: fieldsForm({ title: 'New', description: 'New text' }, { featuredImage: [await jpeg(300, 300)] }),
    })
    expect(res.status).toBe(200)
    expect(res.body.review).toMatchObject({ title: 'New', description: 'New text' })
    expect(res.body.review.featuredImage).not.toBe(review.featuredImage)
    expect(await uploads()).not.toContain(oldFile)

    const empty = await server.call('PUT', `/api/admin/update-review/${review._id}`, {
      form: fieldsForm({ title: ' ' }),
    })
    expect(empty).toMatchObject({ status: 400, body: { field: 'title' } })
  })

  it('deleting an original moves it to the trash with its translations; the purge deletes their unused image', async () => {
    const original = (await addReview({ title: 'Temp', description: 'Temp' })).body.review
    const translation = (
      await server.call('POST', '/api/admin/add-review', {
        form: fieldsForm({
          parentId: original._id,
          translate: 'true',
          language: 'sv',
          title: 'Tillfällig',
          description: 'T',
        }),
      })
    ).body.review
    const file = original.featuredImage.split('/').pop()
    expect(await uploads()).toContain(file)
    expect((await server.call('DELETE', `/api/admin/delete-review/${original._id}`)).status).toBe(200)
    expect((await server.call('GET', `/api/admin/get-review/${translation._id}`)).status).toBe(404)
    // In the trash the image is kept (a restore brings it back); the purge deletes it.
    expect(await uploads()).toContain(file)
    expect((await server.call('DELETE', `/api/admin/purge/review/${original._id}`)).status).toBe(200)
    expect(await uploads()).not.toContain(file)
  })

  it('removes a review image with remove-image', async () => {
    const review = (await addReview({ title: 'Img', description: 'Img' })).body.review
    const res = await server.call('POST', '/api/admin/remove-image', {
      json: { reviewId: review._id, imageName: review.featuredImage },
    })
    expect(res.status).toBe(200)
    expect(res.body.review.featuredImage).toBeNull()
  })
})
