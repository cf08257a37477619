import type { FastifyInstance } from 'fastify'
import { redirectImportSchema, redirectInputSchema } from '../../shared/schemas/redirect.schema.js'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { parseRedirectCsv } from '../services/redirect-csv.js'
import { addRedirect, deleteRedirect, importRedirects, listRedirects } from '../services/redirects.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { idParam } from './params.js'

/**
 * Redirects (issue 24, item 2). Each change is awaited into this instance's table before the
 * answer, so the admin's next visit to the old address is redirected.
 */
export async function redirectRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  // Owners and editors (access-policy.ts).
  const staff = app.allow(policy.redirects)
  const { publicUrl } = options

  app.get('/redirects', staff, async () => listRedirects(app.ctx.db))

  app.post('/redirects', staff, async (request) => {
    const redirect = await addRedirect(actingAs(request), parseInput(redirectInputSchema, jsonBody(request)), publicUrl)
    await app.redirectTable.reload()
    return { redirect }
  })

  app.post('/redirects/import', staff, async (request) => {
    const { csv } = parseInput(redirectImportSchema, jsonBody(request))
    const result = await importRedirects(actingAs(request), parseRedirectCsv(csv), publicUrl)
    await app.redirectTable.reload()
    return { ...result, message: `${result.added} redirect${result.added === 1 ? '' : 's'} imported` }
  })

  app.delete('/redirects/:id', staff, async (request) => {
    await deleteRedirect(actingAs(request), idParam(request, 'Redirect not found'))
    await app.redirectTable.reload()
    return { message: 'Redirect deleted' }
  })
}
