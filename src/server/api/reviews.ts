import type { FastifyInstance } from 'fastify'
import {
  addReviewSchema,
  reviewDraftSchema,
  translateReviewSchema,
  updateReviewSchema,
} from '../../shared/schemas/review.schema.js'
import { writeOptions } from './write-options.js'
import {
  createReview,
  createReviewTranslation,
  deleteReview,
  getReview,
  listReviews,
  listReviewsIn,
  listReviewTranslations,
  REVIEW_FILE_FIELDS,
  REVIEW_NOT_FOUND,
  updateReview,
} from '../services/reviews.js'
import { isFlagSet } from '../../shared/schemas/fields.js'
import { listPage } from './list-query.js'
import { readForm } from './multipart-form.js'
import { parseInput } from '../validation.js'
import { idParam, stringParam } from './params.js'
import { actingAs } from '../plugins/auth.js'

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // Public
  app.get('/get-reviews/:lang', async (request) =>
    listReviewsIn(ctx.db, stringParam(request, 'lang').toLowerCase(), listPage(request)),
  )

  // Admin
  app.get('/get-reviews', admin, async (request) => listReviews(ctx.db, listPage(request)))
  app.get('/get-review/:id', admin, async (request) => getReview(ctx.db, idParam(request, REVIEW_NOT_FOUND)))
  app.get('/get-review-translations/:id', admin, async (request) =>
    listReviewTranslations(ctx.db, idParam(request, REVIEW_NOT_FOUND)),
  )

  app.post('/add-review', admin, async (request) => {
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    if (isFlagSet(form.fields.translate)) {
      const { parentId } = parseInput(translateReviewSchema, form.fields)
      const fields = parseInput(addReviewSchema.partial(), form.fields)
      return { review: await createReviewTranslation(actingAs(request), parentId, fields, form.files, options) }
    }
    return {
      review: await createReview(actingAs(request), parseInput(addReviewSchema, form.fields), form.files, options),
    }
  })

  app.put('/update-review/:id', admin, async (request) => {
    const id = idParam(request, REVIEW_NOT_FOUND)
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    const schema = options.saveAs === 'draft' ? reviewDraftSchema : updateReviewSchema
    return {
      review: await updateReview(actingAs(request), id, parseInput(schema, form.fields), form.files, options),
    }
  })

  app.delete('/delete-review/:id', admin, async (request) => {
    await deleteReview(actingAs(request), idParam(request, REVIEW_NOT_FOUND))
    return { message: 'Review deleted' }
  })
}
