import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import {
  buildEnquiry,
  buildLanguage,
  buildProject,
  buildReview,
  buildTranslationPage,
  formFields,
  type EnquiryDraft,
  type ProjectDraft,
  type ReviewDraft,
  type TranslationPageDraft,
} from '../../../src/server/seed/factories.js'
import type { Enquiry, Language, Project, Review, TranslationPage } from '../../../src/shared/types.js'
import { fieldsForm, projectForm, reviewForm, type ProjectFormOptions } from '../../support/factories.js'
import { jpeg } from '../../support/images.js'
import { E2E_ADMIN } from './e2e-env.js'

// Every end-to-end test makes the records it needs through the admin API, with the demo seed's
// factories, and this fixture deletes them again when the test ends (pass or fail). So each test
// runs alone as well as in the suite, and never leans on what an earlier test left behind.

export interface NewProject extends Omit<ProjectFormOptions, 'fields'> {
  /** Amenity titles, each with an uploaded image. */
  amenitiesWithImages?: string[]
}

export interface AdminApi {
  /** A bearer token of a fresh admin session. */
  token: string
  /** Unique per test: put it in titles, so what a test made is its own and can be found again. */
  stamp: string
  /** Opens the admin with this session's token already stored (no login screen). */
  signedIn(page: Page): Promise<void>
  get<T>(path: string): Promise<T>
  /** Runs when the test ends, pass or fail: undoes what the test made through the screens. */
  afterTest(undo: () => Promise<unknown>): void
  /** Deletes through the admin API (a 404 is fine: already gone). */
  remove(path: string): Promise<void>
  /** Deletes a language by code, if it exists. */
  deleteLanguage(code: string): Promise<void>
  createProject(options?: NewProject): Promise<Project>
  translateProject(original: Project, project: Partial<ProjectDraft>, translatedSlug?: string): Promise<Project>
  createReview(review?: Partial<ReviewDraft>): Promise<Review>
  translateReview(original: Review, review: Partial<ReviewDraft>): Promise<Review>
  createLanguage(language: { code: string; name: string }): Promise<Language>
  createTranslationPage(page?: Partial<TranslationPageDraft>): Promise<TranslationPage>
  /** Sends an enquiry as the contact form does, and finds it in the admin's list. */
  sendEnquiry(enquiry?: Partial<EnquiryDraft> & { project?: string }): Promise<Enquiry>
}

let stamps = 0

export const test = base.extend<{ admin: AdminApi }>({
  admin: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL })
    const login = await request.post('/api/admin/login', { data: E2E_ADMIN })
    expect(login.status(), 'admin login').toBe(200)
    const { token } = (await login.json()) as { token: string }
    const cleanup: (() => Promise<unknown>)[] = []
    const stamp = `${Date.now().toString(36)}${(++stamps).toString(36)}`
    const admin = adminApi(request, token, stamp, cleanup)
    try {
      await use(admin)
    } finally {
      // Newest first: a translation before its original, content before its language.
      for (const undo of cleanup.reverse()) await undo().catch(() => {})
      await removeStamped(request, token, stamp)
      await request.dispose()
    }
  },
})

export { expect }

function adminApi(request: APIRequestContext, token: string, stamp: string, cleanup: (() => Promise<unknown>)[]) {
  const headers = { authorization: `Bearer ${token}` }
  async function call<T>(method: 'GET' | 'POST', path: string, body?: { multipart?: FormData; data?: unknown }) {
    const response = await request.fetch(`/api/admin${path}`, { method, headers, ...body })
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200)
    return (await response.json()) as T
  }
  const removeLater = (path: string) => cleanup.push(() => request.delete(`/api/admin${path}`, { headers }))
  // Deleting content moves it to the trash (issue 22), where it still holds its language: purge it too.
  const discardLater = (kind: 'project' | 'review', id: string) =>
    cleanup.push(() => discard(request, headers, kind, id))

  const admin: AdminApi = {
    token,
    stamp,
    async signedIn(page) {
      await page.addInitScript((value) => localStorage.setItem('token', value), token)
    },
    get: (path) => call('GET', path),
    afterTest: (undo) => void cleanup.push(undo),

    async remove(path) {
      await request.delete(`/api/admin${path}`, { headers })
    },

    async deleteLanguage(code) {
      const language = (await admin.get<Language[]>('/get-languages')).find((l) => l.code === code)
      if (language) await request.delete(`/api/admin/delete-language/${language._id}`, { headers })
    },

    async createProject({ amenitiesWithImages = [], project = {}, ...files } = {}) {
      const amenities = []
      for (const title of amenitiesWithImages) {
        const image = await call<{ image: string }>('POST', '/upload-image', {
          multipart: fieldsForm({}, { image: [await jpeg(800, 600)] }),
        })
        amenities.push({ title, image: image.image })
      }
      const form = await projectForm({ project: { amenities, ...project }, ...files })
      const created = await call<{ project: Project }>('POST', '/add-project', { multipart: form })
      discardLater('project', created.project._id)
      return created.project
    },

    async translateProject(original, project, translatedSlug) {
      const draft = buildProject({ ...project, amenities: project.amenities ?? original.amenities })
      const extra = { translate: 'true', parentId: original._id, ...(translatedSlug ? { translatedSlug } : {}) }
      const created = await call<{ project: Project }>('POST', '/add-project', {
        multipart: fieldsForm({ ...formFields(draft), ...extra }),
      })
      discardLater('project', created.project._id)
      return created.project
    },

    async createReview(review = {}) {
      const created = await call<{ review: Review }>('POST', '/add-review', { multipart: await reviewForm(review) })
      discardLater('review', created.review._id)
      return created.review
    },

    async translateReview(original, review) {
      const fields = { ...formFields(buildReview(review)), translate: 'true', parentId: original._id }
      const created = await call<{ review: Review }>('POST', '/add-review', { multipart: fieldsForm(fields) })
      discardLater('review', created.review._id)
      return created.review
    },

    async createLanguage(language) {
      const created = await call<{ language: Language }>('POST', '/add-language', { data: buildLanguage(language) })
      removeLater(`/delete-language/${created.language._id}`)
      return created.language
    },

    async createTranslationPage(page = {}) {
      const draft = buildTranslationPage({ page: `e2e-${stamp}`, ...page })
      const created = await call<{ translation: TranslationPage }>('POST', '/add-translation', {
        data: { page: draft.page },
      })
      await request.put(`/api/admin/update-translation/${created.translation._id}`, { headers, data: draft })
      removeLater(`/delete-translation/${created.translation._id}`)
      return admin.get<TranslationPage>(`/get-translation/${created.translation._id}`)
    },

    async sendEnquiry(enquiry = {}) {
      const draft = buildEnquiry({ email: `enquiry.${stamp}@example.com`, ...enquiry })
      const sent = await request.post('/api/admin/send-email', { data: draft })
      expect(sent.status(), 'send-email').toBe(200)
      const enquiries = await admin.get<Enquiry[]>('/get-enquiries')
      const found = enquiries.find((e) => e.email === draft.email)
      expect(found, 'the enquiry just sent').toBeTruthy()
      removeLater(`/delete-enquiry/${found!._id}`)
      return found!
    },
  }
  return admin
}

/** Deletes originals whose title carries the test's stamp: what the test made through the screens. */
async function removeStamped(request: APIRequestContext, token: string, stamp: string) {
  const headers = { authorization: `Bearer ${token}` }
  for (const kind of ['project', 'review'] as const) {
    const response = await request.get(`/api/admin/get-${kind}s`, { headers })
    if (!response.ok()) continue
    const items = (await response.json()) as { _id: string; title: string; parentId: unknown }[]
    for (const item of items.filter((i) => i.parentId === null && i.title.includes(stamp))) {
      await discard(request, headers, kind, item._id)
    }
  }
}

/** Deletes a project or review and purges it from the trash, so nothing of the test stays. */
async function discard(
  request: APIRequestContext,
  headers: Record<string, string>,
  kind: 'project' | 'review',
  id: string,
) {
  await request.delete(`/api/admin/delete-${kind}/${id}`, { headers })
  await request.delete(`/api/admin/purge/${kind}/${id}`, { headers })
}
