import type { FastifyInstance } from 'fastify'
import { addReviewSchema, translateReviewSchema, updateReviewSchema } from '../../shared/schemas/review.schema.js'
import {
  createReview,
  createReviewTranslation,
  listReviews,
  listReviewsIn,
  reviewReads,
  updateReview,
} from '../services/reviews.js'
import { listPage } from './list-query.js'
import { parseInput } from '../validation.js'
import { actingAs } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { REVIEW_KIND } from '../services/publishing/record-kinds.js'
import { checkedAdd, checkedUpdate } from './record-write-checks.js'
import { recordRoutes } from './record-routes.js'

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app
  // Every admin route asks the access policy (decision 088).
  const read = app.allow(policy.readContent)
  const signedIn = app.allow(() => null)

  // Its list in a language, its back-office reads and delete-review (record-routes.ts).
  recordRoutes(app, REVIEW_KIND, { listIn: listReviewsIn, ...reviewReads })
  // The back office's list (the site lists reviews in a language only).
  app.get('/get-reviews', read, async (request) => listReviews(ctx.db, listPage(request)))

  app.post('/add-review', signedIn, async (request) => {
    const { form, options, translate } = await checkedAdd(request, REVIEW_KIND)
    if (translate) {
      const { parentId } = parseInput(translateReviewSchema, form.fields)
      const fields = parseInput(addReviewSchema.partial(), form.fields)
      return { review: await createReviewTranslation(actingAs(request), parentId, fields, form.files, options) }
    }
    return {
      review: await createReview(actingAs(request), parseInput(addReviewSchema, form.fields), form.files, options),
    }
  })

  app.put('/update-review/:id', signedIn, async (request) => {
    const { id, form, options } = await checkedUpdate(request, ctx.db, REVIEW_KIND)
    // One rule for a draft and a publishing save; publishing checks what the save leaves (record-writes.ts).
    const fields = parseInput(updateReviewSchema, form.fields)
    return { review: await updateReview(actingAs(request), id, fields, form.files, options) }
  })
}
