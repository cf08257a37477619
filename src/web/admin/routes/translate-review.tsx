import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { reviewFieldsSchema } from '../../../shared/schemas/review.schema.js'
import type { Language, Review } from '../../../shared/types.js'
import { CurrentImage } from '../components/current-image.js'
import { ImagePicker } from '../components/image-picker.js'
import { LanguageSelect } from '../components/language-select.js'
import { reviewForm, ReviewFields } from '../components/review-form.js'
import { AdminForm } from '../kit/admin-form.js'
import { RecordScreen } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) =>
  load(async () => {
    const id = params.id ?? ''
    const [review, languages] = await Promise.all([api<Review>(`/get-review/${id}`), api<Language[]>('/get-languages')])
    // The group's languages: this review's and those of every other member.
    const taken = new Set([BASE_LANGUAGE, review.language, ...review.translations.map((t) => t.code)])
    return { review, choices: languages.filter((l) => !taken.has(l.code)) }
  }, MESSAGES.fetchReviewDetails)

/** SPEC 2: a language the review lacks (never en), title, description, optional image; 'Translate Review'. */
export default function TranslateReview() {
  return (
    <RecordScreen loaded={useLoaderData<typeof clientLoader>()} title="Translate Review" list="reviews">
      {(data) => <TranslateReviewForm key={data.review._id} {...data} />}
    </RecordScreen>
  )
}

function TranslateReviewForm({ review, choices }: { review: Review; choices: Language[] }) {
  const submit = useSubmit(serverMessageOr(MESSAGES.addReview))

  async function translate(data: FormData) {
    if (!data.get('language')) return submit.fail('Please select a translation language', 'language')
    const input = submit.check(reviewFieldsSchema, data)
    if (!input) return
    const form = reviewForm(input, data, { translate: 'true', parentId: review._id, language: input.language })
    await submit.send('/add-review', { method: 'POST', form }, { goTo: '/admin/reviews' })
  }

  return (
    <>
      <ScreenHeading
        title="Translate Review"
        about={{ text: `Translating “${review.title}” (${review.language})`, to: `/admin/review/${review._id}` }}
      />
      {choices.length === 0 ? (
        <div className="admin-card">
          <p>This review already has a version in every language.</p>
          <p>
            <Link to="/admin/add-language">Add Language</Link>
          </p>
        </div>
      ) : (
        <AdminForm submit={submit} submitLabel="Translate Review" onSubmit={translate} drafts={{}}>
          <LanguageSelect
            submit={submit}
            label="Translation Language"
            name="language"
            languages={choices}
            placeholder="Select language"
            required
          />
          <p className="admin-hint">The original text is filled in; replace it with the translation.</p>
          <ReviewFields submit={submit} defaultTitle={review.title} defaultDescription={review.description} />
          <div className="admin-field">
            {review.featuredImage && (
              <CurrentImage
                path={review.featuredImage}
                what="featured image"
                caption="Kept unless you choose another image."
              />
            )}
            <ImagePicker label="Featured Image (optional)" name="featuredImage" />
          </div>
        </AdminForm>
      )}
    </>
  )
}
