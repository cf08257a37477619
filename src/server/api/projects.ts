import type { FastifyInstance } from 'fastify'
import {
  addProjectSchema,
  projectDraftSchema,
  translateProjectSchema,
  updateProjectSchema,
} from '../../shared/schemas/project.schema.js'
import { writeOptions } from './write-options.js'
import {
  createProject,
  createProjectTranslation,
  deleteProject,
  PROJECT_FILE_FIELDS,
  updateProject,
} from '../services/project-changes.js'
import {
  countOriginalProjects,
  getAdminProject,
  getProject,
  listProjects,
  listProjectsIn,
  listProjectTranslations,
  PROJECT_NOT_FOUND,
} from '../services/projects.js'
import { isFlagSet } from '../../shared/schemas/fields.js'
import { listPage } from './list-query.js'
import { readForm } from './multipart-form.js'
import { parseInput } from '../validation.js'
import { idParam, stringParam } from './params.js'
import { actingAs } from '../plugins/auth.js'

export async function projectRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // Public
  app.get('/get-projects', async (request) => listProjects(ctx.db, listPage(request)))
  app.get('/get-projects/:lang', async (request) =>
    listProjectsIn(ctx.db, stringParam(request, 'lang').toLowerCase(), listPage(request)),
  )
  app.get('/single-project/:id', async (request) => getProject(ctx.db, stringParam(request, 'id')))

  // Admin
  app.get('/get-project/:id', admin, async (request) => getAdminProject(ctx.db, idParam(request, PROJECT_NOT_FOUND)))
  app.get('/get-project-translations/:id', admin, async (request) =>
    listProjectTranslations(ctx.db, idParam(request, PROJECT_NOT_FOUND)),
  )
  app.get('/count-projects', admin, async () => ({ count: await countOriginalProjects(ctx.db) }))

  app.post('/add-project', admin, async (request) => {
    const form = await readForm(request, PROJECT_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    if (isFlagSet(form.fields.translate)) {
      const translation = parseInput(translateProjectSchema, form.fields)
      const fields = parseInput(updateProjectSchema, form.fields)
      return { project: await createProjectTranslation(actingAs(request), fields, translation, form.files, options) }
    }
    return {
      project: await createProject(actingAs(request), parseInput(addProjectSchema, form.fields), form.files, options),
    }
  })

  app.put('/update-project/:id', admin, async (request) => {
    const id = idParam(request, PROJECT_NOT_FOUND)
    const form = await readForm(request, PROJECT_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    const schema = options.saveAs === 'draft' ? projectDraftSchema : updateProjectSchema
    return {
      project: await updateProject(actingAs(request), id, parseInput(schema, form.fields), form.files, options),
    }
  })

  app.delete('/delete-project/:id', admin, async (request) => {
    await deleteProject(actingAs(request), idParam(request, PROJECT_NOT_FOUND))
    return { message: 'Project deleted' }
  })
}
