import type { FastifyInstance } from 'fastify'
import { addReviewSchema, translateReviewSchema, updateReviewSchema } from '../../shared/schemas/review.schema.js'
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
import { listAnswer } from '../public-api/list-in-slices.js'
import { originalId, publicGet, sliceKey } from '../public-api/public-answer.js'
import { readForm } from './multipart-form.js'
import { parseInput } from '../validation.js'
import { idParam, stringParam } from './params.js'
import { actingAs, check } from '../plugins/auth.js'
import { policy } from '../services/access-policy.js'
import { reviewTarget, translationTarget } from './content-targets.js'

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app
  // Every admin route asks the access policy (decision 088).
  const read = app.allow(policy.readContent)
  const signedIn = app.allow(() => null)

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
  app.get('/get-reviews', read, async (request) => listReviews(ctx.db, listPage(request)))
  app.get('/get-review/:id', read, async (request) => getReview(ctx.db, idParam(request, REVIEW_NOT_FOUND)))
  app.get('/get-review-translations/:id', read, async (request) =>
    listReviewTranslations(ctx.db, idParam(request, REVIEW_NOT_FOUND)),
  )

  app.post('/add-review', signedIn, async (request) => {
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    if (isFlagSet(form.fields.translate)) {
      check(request, (p) => policy.write(p, translationTarget('review', form.fields.language), options))
      const { parentId } = parseInput(translateReviewSchema, form.fields)
      const fields = parseInput(addReviewSchema.partial(), form.fields)
      return { review: await createReviewTranslation(actingAs(request), parentId, fields, form.files, options) }
    }
    check(request, policy.createOriginal)
    return {
      review: await createReview(actingAs(request), parseInput(addReviewSchema, form.fields), form.files, options),
    }
  })

  app.put('/update-review/:id', signedIn, async (request) => {
    const id = idParam(request, REVIEW_NOT_FOUND)
    const target = await reviewTarget(ctx.db, id, REVIEW_NOT_FOUND)
    check(request, (p) => policy.edit(p, target))
    const form = await readForm(request, REVIEW_FILE_FIELDS)
    const options = writeOptions(request, form.fields)
    check(request, (p) => policy.write(p, target, options))
    // Moving a record to another language is editing in that language too.
    if (form.fields.language)
      check(request, (p) =>
        policy.write(p, { ...target, language: String(form.fields.language).trim().toLowerCase() }, options),
      )
    // One rule for a draft and a publishing save; publishing checks what the save leaves (record-writes.ts).
    const fields = parseInput(updateReviewSchema, form.fields)
    return { review: await updateReview(actingAs(request), id, fields, form.files, options) }
  })

  app.delete('/delete-review/:id', app.allow(policy.delete), async (request) => {
    await deleteReview(actingAs(request), idParam(request, REVIEW_NOT_FOUND))
    return { message: 'Review deleted' }
  })
}
