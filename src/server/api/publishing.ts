import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isUuid } from '../../shared/ids.js'
import { languageQuerySchema, scheduleBodySchema, versionsQuerySchema } from '../../shared/schemas/publishing.schema.js'
import { contentKinds, type ContentKind } from '../db/schema.js'
import { notFound } from '../errors.js'
import { actingAs, check } from '../plugins/auth.js'
import { type ContentTarget, policy, type Person, type Verdict } from '../services/access-policy.js'
import { publishingTarget } from './content-targets.js'
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
  const signedIn = app.allow(() => null)
  const trashKinds = ['project', 'review'] as const

  /** The call's record, once the access policy allowed this person the action on it (decision 088). */
  async function allowed(
    request: FastifyRequest,
    rule: (p: Person, t: ContentTarget) => Verdict,
    kinds: readonly ContentKind[] = contentKinds,
  ): Promise<Target> {
    const target = targetOf(request, kinds)
    const record = await publishingTarget(ctx.db, target)
    check(request, (p) => rule(p, record))
    return target
  }

  app.get('/get-all-projects', app.allow(policy.readContent), async (request) =>
    listAllProjects(ctx.db, listPage(request)),
  )

  app.post('/publish/:kind/:id', signedIn, async (request) =>
    publishOrSchedule(actingAs(request), await allowed(request, policy.publish), 'publish', atOf(request)),
  )
  app.post('/unpublish/:kind/:id', signedIn, async (request) =>
    publishOrSchedule(actingAs(request), await allowed(request, policy.publish), 'unpublish', atOf(request)),
  )
  app.delete('/schedule/:kind/:id', signedIn, async (request) =>
    cancelSchedules(actingAs(request), await allowed(request, policy.publish)),
  )

  app.post('/preview-link/:kind/:id', signedIn, async (request) =>
    makePreviewLink(actingAs(request), app.auth.secrets, await allowed(request, policy.preview)),
  )
  app.delete('/preview-link/:kind/:id', signedIn, async (request) =>
    withdrawPreviewLinks(actingAs(request), await allowed(request, policy.preview)),
  )

  app.get('/versions/:kind/:id', signedIn, async (request) =>
    versionsOf(ctx, await allowed(request, policy.viewHistory), parseInput(versionsQuerySchema, request.query)),
  )
  app.get('/version/:kind/:id/:versionId', signedIn, async (request) =>
    versionOf(ctx, await allowed(request, policy.viewHistory), versionIdOf(request)),
  )
  // Restoring a version makes it the draft.
  app.post('/restore-version/:kind/:id/:versionId', signedIn, async (request) =>
    restoreVersion(actingAs(request), await allowed(request, policy.saveDraft), versionIdOf(request)),
  )
  app.post('/mark-up-to-date/:kind/:id', signedIn, async (request) =>
    markUpToDate(actingAs(request), await allowed(request, policy.edit)),
  )

  app.get('/trash', app.allow(policy.trash), async () => listTrash(ctx))
  app.post('/restore/:kind/:id', app.allow(policy.restore), async (request) => {
    const target = targetOf(request, trashKinds)
    await restoreFromTrash(actingAs(request), recordKind(target.kind as 'project' | 'review'), target.id)
    // A project's addresses are pages again before the answer (decision 111).
    await app.redirectTable.reload()
    return { message: 'Restored' }
  })
  app.delete('/purge/:kind/:id', app.allow(policy.purge), async (request) => {
    const target = targetOf(request, trashKinds)
    await purgeFromTrash(actingAs(request), recordKind(target.kind as 'project' | 'review'), target.id)
    return { message: 'Deleted permanently' }
  })
}
