import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isUuid } from '../../shared/ids.js'
import { languageQuerySchema, scheduleBodySchema, versionsQuerySchema } from '../../shared/schemas/publishing.schema.js'
import { contentKinds, type ContentKind } from '../db/schema.js'
import { notFound } from '../errors.js'
import { actingAs } from '../plugins/auth.js'
import {
  cancelSchedules,
  makePreviewLink,
  markUpToDate,
  publishOrSchedule,
  restoreVersion,
  type Target,
  versionOf,
  versionsOf,
  withdrawPreviewLinks,
} from '../services/publishing/operations.js'
import { recordKind } from '../services/publishing/record-kinds.js'
import { listTrash, purgeFromTrash, restoreFromTrash } from '../services/publishing/trash.js'
import { listAllProjects } from '../services/projects.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { listPage } from './list-query.js'

/** /{kind}/{id}[?language=]: an unknown kind or a malformed id names nothing (404). */
function targetOf(request: FastifyRequest, kinds: readonly ContentKind[] = contentKinds): Target {
  const { kind, id } = request.params as { kind?: string; id?: string }
  if (!kind || !(kinds as readonly string[]).includes(kind)) throw notFound('Unknown kind')
  if (!id || !isUuid(id)) throw notFound('Not found')
  const target: Target = { kind: kind as ContentKind, id: id.toLowerCase() }
  if (kind === 'translation-page') target.language = parseInput(languageQuerySchema, request.query).language
  return target
}

const versionIdOf = (request: FastifyRequest) => {
  const { versionId } = request.params as { versionId?: string }
  if (!versionId || !isUuid(versionId)) throw notFound('Version not found')
  return versionId.toLowerCase()
}

const atOf = (request: FastifyRequest) => {
  const { at } = parseInput(scheduleBodySchema, jsonBody(request))
  return at ? new Date(at) : undefined
}

/** Issue 22: publish, unpublish, schedules, preview links, history and the trash (docs/api.md). */
export async function publishingRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }
  const trashKinds = ['project', 'review'] as const

  app.get('/get-all-projects', admin, async (request) => listAllProjects(ctx.db, listPage(request)))

  app.post('/publish/:kind/:id', admin, async (request) =>
    publishOrSchedule(actingAs(request), targetOf(request), 'publish', atOf(request)),
  )
  app.post('/unpublish/:kind/:id', admin, async (request) =>
    publishOrSchedule(actingAs(request), targetOf(request), 'unpublish', atOf(request)),
  )
  app.delete('/schedule/:kind/:id', admin, async (request) => cancelSchedules(actingAs(request), targetOf(request)))

  app.post('/preview-link/:kind/:id', admin, async (request) =>
    makePreviewLink(actingAs(request), app.auth.secrets, targetOf(request)),
  )
  app.delete('/preview-link/:kind/:id', admin, async (request) =>
    withdrawPreviewLinks(actingAs(request), targetOf(request)),
  )

  app.get('/versions/:kind/:id', admin, async (request) =>
    versionsOf(ctx, targetOf(request), parseInput(versionsQuerySchema, request.query)),
  )
  app.get('/version/:kind/:id/:versionId', admin, async (request) =>
    versionOf(ctx, targetOf(request), versionIdOf(request)),
  )
  app.post('/restore-version/:kind/:id/:versionId', admin, async (request) =>
    restoreVersion(actingAs(request), targetOf(request), versionIdOf(request)),
  )
  app.post('/mark-up-to-date/:kind/:id', admin, async (request) =>
    markUpToDate(actingAs(request), targetOf(request, trashKinds)),
  )

  app.get('/trash', admin, async () => listTrash(ctx))
  app.post('/restore/:kind/:id', admin, async (request) => {
    const target = targetOf(request, trashKinds)
    await restoreFromTrash(actingAs(request), recordKind(target.kind as 'project' | 'review'), target.id)
    return { message: 'Restored' }
  })
  app.delete('/purge/:kind/:id', admin, async (request) => {
    const target = targetOf(request, trashKinds)
    await purgeFromTrash(actingAs(request), recordKind(target.kind as 'project' | 'review'), target.id)
    return { message: 'Deleted permanently' }
  })
}
