import type { FastifyInstance } from 'fastify'
import { removeImageSchema } from '../../shared/schemas/project.schema.js'
import { badRequest } from '../errors.js'
import { getAdminProject } from '../services/projects.js'
import { getReview } from '../services/reviews.js'
import { removeRecordImage } from '../services/publishing/image-removal.js'
import { UPLOADS_PREFIX } from '../storage/image-key.js'
import { readForm } from './multipart-form.js'
import { parseInput } from '../validation.js'
import { jsonBody } from './json-body.js'
import { actingAs, check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { recordTarget } from './content-targets.js'
import { PROJECT_KIND, REVIEW_KIND } from '../services/publishing/record-kinds.js'

export async function imageRoutes(app: FastifyInstance) {
  const { ctx } = app

  /** Stores one image (used for amenity images before the project is saved). */
  app.post('/upload-image', app.allow(policy.uploadImage), async (request) => {
    const form = await readForm(request, { image: 'one' })
    const [file] = form.files.image ?? []
    if (!file) throw badRequest('Image is required', 'image')
    return { image: await ctx.images.ingest(file) }
  })

  /** Takes an image off a project or a review; accepts the path or the bare file name. */
  app.post('/remove-image', app.allow(policy.readContent), async (request) => {
    const input = parseInput(removeImageSchema, jsonBody(request))
    const target = input.projectId
      ? await recordTarget(ctx.db, PROJECT_KIND, input.projectId)
      : await recordTarget(ctx.db, REVIEW_KIND, input.reviewId!)
    check(request, (p) => policy.edit(p, target))
    const path = input.imageName.startsWith('/') ? input.imageName : `${UPLOADS_PREFIX}${input.imageName}`
    if (input.projectId) {
      await removeRecordImage(actingAs(request), PROJECT_KIND, input.projectId, path)
      return { project: await getAdminProject(ctx.db, input.projectId) }
    }
    await removeRecordImage(actingAs(request), REVIEW_KIND, input.reviewId!, path)
    return { review: await getReview(ctx.db, input.reviewId!) }
  })
}
