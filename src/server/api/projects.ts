import type { FastifyInstance } from 'fastify'
import { addProjectSchema, translateProjectSchema, updateProjectSchema } from '../../shared/schemas/project.schema.js'
import { createProject, createProjectTranslation, updateProject } from '../services/project-changes.js'
import { countOriginalProjects, getProject, listProjects, listProjectsIn, projectReads } from '../services/projects.js'
import { listPage } from './list-query.js'
import { listAnswer } from '../public-api/list-in-slices.js'
import { publicGet, sliceKey } from '../public-api/public-answer.js'
import { parseInput } from '../validation.js'
import { stringParam } from './params.js'
import { actingAs, check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { PROJECT_KIND } from '../services/publishing/record-kinds.js'
import { checkedAdd, checkedUpdate } from './record-write-checks.js'
import { recordRoutes } from './record-routes.js'

export async function projectRoutes(app: FastifyInstance) {
  const { ctx } = app
  // Every admin route asks the access policy (decision 088); content routes ask again once they
  // know the record (original or translation, and its language).
  const read = app.allow(policy.readContent)
  const signedIn = app.allow(() => null)

  // Public: answered from the answer cache (public-api/).
  publicGet(app, '/get-projects', (request) => {
    const page = listPage(request)
    return {
      key: `get-projects${sliceKey(page)}`,
      build: () =>
        listAnswer(
          page,
          (slice) => listProjects(ctx.db, slice),
          (project) => project._id,
        ),
    }
  })
  publicGet(app, '/single-project/:id', (request) => {
    const id = stringParam(request, 'id')
    return { key: `single-project/${id}`, build: () => getProject(ctx.db, id) }
  })
  // A deleted project's addresses answer 410 before the answer (decision 111).
  recordRoutes(app, PROJECT_KIND, { listIn: listProjectsIn, ...projectReads }, () => app.redirectTable.reload())
  app.get('/count-projects', read, async () => ({ count: await countOriginalProjects(ctx.db) }))

  app.post('/add-project', signedIn, async (request) => {
    const { form, options, translate } = await checkedAdd(request, PROJECT_KIND)
    if (translate) {
      const translation = parseInput(translateProjectSchema, form.fields)
      const fields = parseInput(updateProjectSchema, form.fields)
      return { project: await createProjectTranslation(actingAs(request), fields, translation, form.files, options) }
    }
    return {
      project: await createProject(actingAs(request), parseInput(addProjectSchema, form.fields), form.files, options),
    }
  })

  app.put('/update-project/:id', signedIn, async (request) => {
    const { id, target, form, options } = await checkedUpdate(request, ctx.db, PROJECT_KIND)
    // A new slug moves the public address at once, even with a draft: it asks what publishing asks.
    if (form.fields.slug !== undefined) check(request, (p) => policy.publish(p, target))
    // One rule for a draft and a publishing save; publishing checks what the save leaves (record-writes.ts).
    const fields = parseInput(updateProjectSchema, form.fields)
    const project = await updateProject(actingAs(request), id, fields, form.files, options)
    // The old address redirects before the answer (decision 111); other instances reload on the
    // change. The back office sends `slug` only when it changed.
    if (form.fields.slug !== undefined) await app.redirectTable.reload()
    return { project }
  })
}
