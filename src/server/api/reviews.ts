import type { FastifyInstance } from 'fastify'
import { addReviewSchema, translateReviewSchema, updateReviewSchema } from '../../shared/schemas/review.schema.js'
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
import { listAnswer } from '../public-api/list-in-slices.js'
import { originalId, publicGet, sliceKey } from '../public-api/public-answer.js'
import { readForm } from './multipart-form.js'
import { parseInput } from '../validation.js'
import { idParam, stringParam } from './params.js'
import { actingAs } from '../plugins/auth.js'

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app
  const admin = { preHandler: app.requireAdmin }

  // Public: answered from the answer cache (public-api/).
  publicGet(app, '/get-reviews/:lang', (request) => {
    const lang = stringParam(request, 'lang').toLowerCase()
    const page = listPage(request)
    return {
      key: `get-reviews/${lang}${sliceKey(page)}`,
      build: () => listAnswer(page, (slice) => listReviewsIn(ctx.db, lang, slice), originalId),
    }
  })

  // Admin
  app.get('/get-reviews', admin, async (request) => listReviews(ctx.db, listPage(request)))
  app.get('/get-review/:id', admin, async (request) => getReview(ctx.db, idParam(request, REVIEW_NOT_FOUND)))
  app.get('/get-review-translations/:id', admin, async (request) =>
    listReviewTranslations(ctx.db, idParam(request, REVIEW_NOT_FOUND)),
  )

  app.post('/add-review', admin, async (request) => {
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    if (isFlagSet(form.fields.translate)) {
      const { parentId } = parseInput(translateReviewSchema, form.fields)
      const fields = parseInput(addReviewSchema.partial(), form.fields)
      return { review: await createReviewTranslation(actingAs(request), parentId, fields, form.files) }
    }
    return { review: await createReview(actingAs(request), parseInput(addReviewSchema, form.fields), form.files) }
  })

  app.put('/update-review/:id', admin, async (request) => {
    const id = idParam(request, REVIEW_NOT_FOUND)
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    return {
      review: await updateReview(actingAs(request), id, parseInput(updateReviewSchema, form.fields), form.files),
    }
  })

  app.delete('/delete-review/:id', admin, async (request) => {
    await deleteReview(actingAs(request), idParam(request, REVIEW_NOT_FOUND))
    return { message: 'Review deleted' }
  })
}
