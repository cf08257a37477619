import type { FastifyInstance } from 'fastify'
import { addTranslationPageSchema, updateTranslationPageSchema } from '../../shared/schemas/translation-page.schema.js'
import {
  addTranslationPage,
  deleteTranslationPage,
  getTranslationPage,
  getTranslationPageBySlug,
  listTranslationPages,
  updateTranslationPage,
} from '../services/translation-pages.js'
import { publicGet } from '../public-api/public-answer.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam, stringParam } from './params.js'
import { actingAs, check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { changedPageLanguages } from './content-targets.js'
import { writeOptions } from './write-options.js'

const PAGE_NOT_FOUND = 'Translation page not found'

export async function translationPageRoutes(app: FastifyInstance) {
  const { ctx } = app
  // Every admin route asks the access policy (decision 088); a page's text is checked per
  // language it changes, the page itself (its name) is an original.
  const read = app.allow(policy.readContent)

  // Public: the text of one page, e.g. home.
  publicGet(app, '/get-translation-page/:slug', (request) => {
    const slug = stringParam(request, 'slug').toLowerCase()
    return {
      key: `get-translation-page/${slug}`,
      build: async () => {
        const { _id, page, translations } = await getTranslationPageBySlug(ctx.db, slug)
        return { _id, page, translations }
      },
    }
  })

  app.get('/get-translations', read, async () => listTranslationPages(ctx.db))
  app.get('/get-translation/:id', read, async (request) => getTranslationPage(ctx.db, idParam(request, PAGE_NOT_FOUND)))

  app.post('/add-translation', app.allow(policy.createOriginal), async (request) => {
    const { page } = parseInput(addTranslationPageSchema, jsonBody(request))
    return { translation: await addTranslationPage(actingAs(request), page) }
  })

  app.put('/update-translation/:id', app.allow(policy.readContent), async (request) => {
    const id = idParam(request, PAGE_NOT_FOUND)
    const body = jsonBody(request) as Record<string, unknown>
    const input = parseInput(updateTranslationPageSchema, body)
    const options = writeOptions(request, body)
    const current = await getTranslationPage(ctx.db, id)
    if (input.page !== undefined && input.page !== current.page) check(request, policy.createOriginal)
    for (const target of changedPageLanguages(current.translations, input.translations, input.seo))
      check(request, (p) => policy.write(p, target, options))
    return { translation: await updateTranslationPage(actingAs(request), id, input, options) }
  })

  app.delete('/delete-translation/:id', app.allow(policy.delete), async (request) => {
    await deleteTranslationPage(actingAs(request), idParam(request, PAGE_NOT_FOUND))
    return { message: 'Translation page deleted' }
  })
}
