import type { FastifyInstance } from 'fastify'
import { workbenchKindSchema, workbenchQuerySchema } from '../../shared/schemas/translation-workbench.schema.js'
import { notFound } from '../errors.js'
import { check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { readWorkbench } from '../translation/workbench.js'
import { translationAids } from '../translation/workbench-aids.js'
import { parseInput } from '../validation.js'
import { idParam, stringParam } from './params.js'

/** The side-by-side translation screen's read (issue 40, decision 145): who may edit the language reads it. */
export async function translationWorkbenchRoutes(app: FastifyInstance) {
  const { ctx } = app
  app.get('/translation-workbench/:kind/:id', app.allow(policy.readContent), async (request) => {
    const kind = workbenchKindSchema.safeParse(stringParam(request, 'kind'))
    if (!kind.success) throw notFound('Nothing to translate there: project, review or translation-page')
    const id = idParam(request, 'Not found')
    const { language, source } = parseInput(workbenchQuerySchema, request.query)
    // A translator works in their languages only; the target is always a translation.
    check(request, (p) => policy.edit(p, { kind: kind.data, language, original: false }))
    return readWorkbench(ctx.db, translationAids(ctx.db), { kind: kind.data, id, language, source })
  })
}
