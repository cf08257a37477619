import type { FastifyInstance } from 'fastify'
import { addProjectSchema, translateProjectSchema, updateProjectSchema } from '../../shared/schemas/project.schema.js'
import {
  createProject,
  createProjectTranslation,
  deleteProject,
  PROJECT_FILE_FIELDS,
  updateProject,
} from '../services/project-changes.js'
import {
  countOriginalProjects,
  getProject,
  listProjects,
  listProjectsIn,
  listProjectTranslations,
  PROJECT_NOT_FOUND,
} from '../services/projects.js'
import { readForm } from './multipart-form.js'
import { parseInput } from './parse.js'
import { idParam, stringParam } from './params.js'

const isTranslateRequest = (fields: Record<string, unknown>) =>
  ['true', 'on', '1', true].includes(fields.translate as string)

export async function projectRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // Public
  app.get('/get-projects', async () => listProjects(ctx.db))
  app.get('/get-projects/:lang', async (request) => listProjectsIn(ctx.db, stringParam(request, 'lang').toLowerCase()))
  app.get('/single-project/:id', async (request) => getProject(ctx.db, stringParam(request, 'id')))

  // Admin
  app.get('/get-project/:id', admin, async (request) => getProject(ctx.db, idParam(request, PROJECT_NOT_FOUND)))
  app.get('/get-project-translations/:id', admin, async (request) =>
    listProjectTranslations(ctx.db, idParam(request, PROJECT_NOT_FOUND)),
  )
  app.get('/count-projects', admin, async () => ({ count: await countOriginalProjects(ctx.db) }))

  app.post('/add-project', admin, async (request) => {
    const form = await readForm(request, PROJECT_FILE_FIELDS)
    if (isTranslateRequest(form.fields)) {
      const translation = parseInput(translateProjectSchema, form.fields)
      const fields = parseInput(updateProjectSchema, form.fields)
      return { project: await createProjectTranslation(ctx, fields, translation, form.files) }
    }
    return { project: await createProject(ctx, parseInput(addProjectSchema, form.fields), form.files) }
  })

  app.put('/update-project/:id', admin, async (request) => {
    const id = idParam(request, PROJECT_NOT_FOUND)
    const form = await readForm(request, PROJECT_FILE_FIELDS)
    return { project: await updateProject(ctx, id, parseInput(updateProjectSchema, form.fields), form.files) }
  })

  app.delete('/delete-project/:id', admin, async (request) => {
    await deleteProject(ctx, idParam(request, PROJECT_NOT_FOUND))
    return { message: 'Project deleted' }
  })
}
