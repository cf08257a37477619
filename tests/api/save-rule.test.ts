import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsForm, projectForm, reviewForm } from '../support/factories.js'
import { type TestServer } from '../support/test-server.js'
import { startSignedIn } from '../support/signed-in-server.js'

// A draft save and a publishing save go through one rule (issue 43): a field left out keeps its
// value in both, with a JSON body and with a multipart form alike; only what the save leaves is
// checked against the publishing rule, and only when the save publishes.

let server: TestServer
beforeAll(async () => {
  server = await startSignedIn()
})
afterAll(() => server.close())

type Body = Record<string, string>
/** The same fields sent as JSON and as multipart. */
const senders = {
  json: (fields: Body) => ({ json: fields }),
  multipart: (fields: Body) => ({ form: fieldsForm(fields) }),
}

const addProject = async (title: string) => {
  const res = await server.call('POST', '/api/admin/add-project', {
    form: await projectForm({ project: { title, description: 'First text.', status: 'Built' } }),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.project as { _id: string }
}
const addReview = async (title: string) => {
  const res = await server.call('POST', '/api/admin/add-review', {
    form: await reviewForm({ title, description: 'First words.' }),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.review as { _id: string }
}

describe.each(Object.entries(senders))('one save rule, sent as %s', (_, send) => {
  it('a project: a draft and a publishing save keep the fields left out', async () => {
    const { _id } = await addProject('Villa Kept Title')
    const draft = await server.call('PUT', `/api/admin/update-project/${_id}`, {
      ...send({ description: 'Draft text.', saveAs: 'draft' }),
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    expect(draft.body.project).toMatchObject({ title: 'Villa Kept Title', description: 'First text.' })
    expect(draft.body.project.draft).toMatchObject({
      title: 'Villa Kept Title',
      description: 'Draft text.',
      status: 'Built',
    })

    const published = await server.call('PUT', `/api/admin/update-project/${_id}`, {
      ...send({ description: 'Published text.' }),
    })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body.project).toMatchObject({
      title: 'Villa Kept Title',
      description: 'Published text.',
      status: 'Built',
      hasDraft: false,
    })
  })

  it('a project: an empty title may be a draft, never published; a bad field fails in both', async () => {
    const { _id } = await addProject('Villa Unfinished')
    const draft = await server.call('PUT', `/api/admin/update-project/${_id}`, {
      ...send({ title: '', saveAs: 'draft' }),
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    expect(draft.body.project.draft.title).toBe('')

    const refused = await server.call('PUT', `/api/admin/update-project/${_id}`, { ...send({ title: '' }) })
    expect(refused).toMatchObject({ status: 400, body: { message: 'Title is required', field: 'title' } })

    for (const saveAs of ['draft', 'publish']) {
      const tooLong = await server.call('PUT', `/api/admin/update-project/${_id}`, {
        ...send({ title: 'x'.repeat(201), saveAs }),
      })
      expect(tooLong).toMatchObject({
        status: 400,
        body: { message: 'Title must be at most 200 characters', field: 'title' },
      })
    }
    // Publishing the unfinished draft is refused by the same rule.
    const publish = await server.call('POST', `/api/admin/publish/project/${_id}`, { json: {} })
    expect(publish).toMatchObject({
      status: 400,
      body: { message: 'The en version cannot be published: Title is required' },
    })
  })

  it('a review: a draft and a publishing save keep the fields left out; an empty text may be a draft only', async () => {
    const { _id } = await addReview('Anna, Kept')
    const draft = await server.call('PUT', `/api/admin/update-review/${_id}`, {
      ...send({ description: 'Draft words.', saveAs: 'draft' }),
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(200)
    expect(draft.body.review.draft).toMatchObject({ title: 'Anna, Kept', description: 'Draft words.' })

    const published = await server.call('PUT', `/api/admin/update-review/${_id}`, { ...send({ title: 'Anna, New' }) })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    // A publishing save starts from the draft, as the admin saw it.
    expect(published.body.review).toMatchObject({ title: 'Anna, New', description: 'Draft words.', hasDraft: false })

    const unfinished = await server.call('PUT', `/api/admin/update-review/${_id}`, {
      ...send({ description: '', saveAs: 'draft' }),
    })
    expect(unfinished.status, JSON.stringify(unfinished.body)).toBe(200)
    const refused = await server.call('PUT', `/api/admin/update-review/${_id}`, { ...send({ description: '' }) })
    expect(refused).toMatchObject({ status: 400, body: { message: 'Description is required', field: 'description' } })
  })
})

describe('page text', () => {
  it('a draft and a publishing save of a page keep what they leave out', async () => {
    const added = await server.call('POST', '/api/admin/add-translation', { json: { page: 'save-rule' } })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const id = added.body.translation._id
    const text = [{ en: { Welcome: 'Welcome' } }]
    expect(
      (await server.call('PUT', `/api/admin/update-translation/${id}`, { json: { translations: text } })).status,
    ).toBe(200)
    for (const saveAs of ['draft', 'publish']) {
      const res = await server.call('PUT', `/api/admin/update-translation/${id}`, {
        json: { seo: { en: { seoTitle: `Title (${saveAs})` } }, saveAs },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const page = await server.call('GET', `/api/admin/get-translation/${id}`)
    expect(page.body.translations).toEqual(text)
  })
})
