import type { FastifyInstance } from 'fastify'
import { languageInputSchema } from '../../shared/schemas/language.schema.js'
import { addLanguage, deleteLanguage, getLanguage, listLanguages, updateLanguage } from '../services/languages.js'
import { publicGet } from '../public-api/public-answer.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'

export async function languageRoutes(app: FastifyInstance) {
  const { ctx } = app
  // The site's languages are a site setting: owners change them (decision 088); everyone reads.
  const read = app.allow(policy.readContent)
  const admin = app.allow(policy.languages)

  // Public: answered from the answer cache (public-api/).
  publicGet(app, '/get-languages', () => ({ key: 'get-languages', build: () => listLanguages(ctx.db) }))

  app.get('/get-language/:id', read, async (request) => getLanguage(ctx.db, idParam(request, 'Language not found')))

  app.post('/add-language', admin, async (request) => {
    return { language: await addLanguage(actingAs(request), parseInput(languageInputSchema, jsonBody(request))) }
  })

  app.put('/update-language/:id', admin, async (request) => {
    const id = idParam(request)
    return {
      language: await updateLanguage(
        actingAs(request),
        id,
        parseInput(languageInputSchema.partial(), jsonBody(request)),
      ),
    }
  })

  app.delete('/delete-language/:id', admin, async (request) => {
    await deleteLanguage(actingAs(request), idParam(request))
    return { message: 'Language deleted' }
  })
}
