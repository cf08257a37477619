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
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam, stringParam } from './params.js'
import { actingAs } from '../plugins/auth.js'
import { writeOptions } from './write-options.js'

const PAGE_NOT_FOUND = 'Translation page not found'

export async function translationPageRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // Public: the text of one page, e.g. home.
  app.get('/get-translation-page/:slug', async (request) => {
    const { _id, page, translations } = await getTranslationPageBySlug(
      ctx.db,
      stringParam(request, 'slug').toLowerCase(),
    )
    return { _id, page, translations }
  })

  app.get('/get-translations', admin, async () => listTranslationPages(ctx.db))
  app.get('/get-translation/:id', admin, async (request) =>
    getTranslationPage(ctx.db, idParam(request, PAGE_NOT_FOUND)),
  )

  app.post('/add-translation', admin, async (request) => {
    const { page } = parseInput(addTranslationPageSchema, jsonBody(request))
    return { translation: await addTranslationPage(actingAs(request), page) }
  })

  app.put('/update-translation/:id', admin, async (request) => {
    const id = idParam(request, PAGE_NOT_FOUND)
    const body = jsonBody(request) as Record<string, unknown>
    return {
      translation: await updateTranslationPage(
        actingAs(request),
        id,
        parseInput(updateTranslationPageSchema, body),
        writeOptions(request, body),
      ),
    }
  })

  app.delete('/delete-translation/:id', admin, async (request) => {
    await deleteTranslationPage(actingAs(request), idParam(request, PAGE_NOT_FOUND))
    return { message: 'Translation page deleted' }
  })
}
