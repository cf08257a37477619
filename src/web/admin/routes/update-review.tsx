import { confirmUnreviewed, unreviewedLabels } from '../lib/unreviewed.js'
import { useState } from 'react'
import type { ClientLoaderFunctionArgs } from 'react-router'
import { reviewFieldsSchema } from '../../../shared/schemas/review.schema.js'
import type { Review } from '../../../shared/types.js'
import { CurrentImage } from '../components/current-image.js'
import { ImagePicker } from '../components/image-picker.js'
import { ImageAltField } from '../components/image-alt-field.js'
import { reviewForm, ReviewFields } from '../components/review-form.js'
import { AdminForm } from '../kit/admin-form.js'
import { PublishingPanel } from '../kit/publishing-panel.js'
import { editable, PUBLISHING_MESSAGES, type WithPublishing } from '../lib/publishing.js'
import { recordRoute } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { load } from '../kit/load.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { describe } from '../../lib/seo.js'
import { SeoFieldset } from '../components/seo-fieldset.js'
import { SideBySideLink } from '../components/workbench/side-by-side-link.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) =>
  load(() => api<Review>(`/get-review/${params.id ?? ''}`), MESSAGES.fetchReviewDetails)

/** SPEC 2/5: title and description required; the featured image can be removed or replaced. */
export default recordRoute({ title: 'Edit Review', list: 'reviews' }, UpdateReviewForm)

// Both texts are required here, though the API keeps a text it is not sent (SPEC 5).
const reviewTextSchema = reviewFieldsSchema.omit({ language: true })

type EditedReview = WithPublishing<Review>

function UpdateReviewForm({ record }: { record: EditedReview }) {
  const [review, setReview] = useState(record)
  // The form shows the draft when there is one; a save remounts it from the answer.
  const [formKey, setFormKey] = useState(0)
  const shown = editable(review)
  const submit = useSubmit(fixedMessage(MESSAGES.updateReview))
  const [removing, setRemoving] = useState(false)
  // A new key clears the file input (and its preview) after a successful save.
  const [pickerKey, setPickerKey] = useState(0)

  async function removeImage(image: string) {
    setRemoving(true)
    try {
      const answer = await api<{ review: EditedReview }>('/remove-image', {
        method: 'POST',
        json: { reviewId: review._id, imageName: image },
      })
      setReview(answer.review)
    } catch (error) {
      // SPEC 8: an image removal failure is logged only; the image simply stays.
      console.error('Image removal failed', error)
    } finally {
      setRemoving(false)
    }
  }

  async function save(data: FormData) {
    const input = submit.check(reviewTextSchema, data)
    if (!input) return
    const form = reviewForm(input, data)
    if (review.version !== undefined) form.set('version', String(review.version))
    const draft = form.get('saveAs') === 'draft'
    if (!draft && !confirmUnreviewed(unreviewedLabels('review', review))) return
    await submit.send(
      `/update-review/${review._id}`,
      { method: 'PUT', form },
      {
        saved: (answer: { review: EditedReview }) => {
          setReview(answer.review)
          setPickerKey((k) => k + 1)
          setFormKey((k) => k + 1)
          return draft ? PUBLISHING_MESSAGES.draftSaved : MESSAGES.reviewUpdated
        },
      },
    )
  }

  return (
    <>
      <ScreenHeading
        title={review.parentId ? 'Edit Review Translation' : 'Edit Review'}
        about={{ text: `Language: ${review.language}`, to: `/admin/review/${review._id}` }}
      />
      {review.parentId && (
        <p>
          <SideBySideLink kind="review" id={review._id} language={review.language} languageName={review.language} />
        </p>
      )}
      <PublishingPanel
        target={{ kind: 'review', id: review._id }}
        state={review}
        language={review.language}
        what={`the review “${review.title}”${review.parentId ? '' : ' and its translations'}`}
        onChange={(state) => setReview((current) => ({ ...current, ...state }))}
        reread={() => api<EditedReview>(`/get-review/${review._id}`)}
      />
      <AdminForm submit={submit} submitLabel="Update Review" onSubmit={save} drafts={{ language: review.language }}>
        <ReviewFields key={formKey} submit={submit} defaultTitle={shown.title} defaultDescription={shown.description} />
        <fieldset className="admin-fieldset">
          <legend>Featured Image</legend>
          {shown.featuredImage ? (
            <>
              <CurrentImage
                path={shown.featuredImage}
                what="featured image"
                onRemove={() => removeImage(shown.featuredImage!)}
                removing={removing}
              />
              <ImageAltField
                key={`${shown.featuredImage}-${formKey}`}
                record={shown}
                path={shown.featuredImage}
                what="featured image"
              />
            </>
          ) : (
            <p className="admin-muted">No featured image. Choose one below.</p>
          )}
          <ImagePicker
            key={pickerKey}
            label={shown.featuredImage ? 'Replace featured image' : 'New featured image'}
            name="featuredImage"
          />
        </fieldset>
        <SeoFieldset
          key={`seo-${formKey}`}
          submit={submit}
          lang={review.language}
          seo={shown}
          fallback={{ title: shown.title, description: describe(shown.description) }}
          path={review.language === BASE_LANGUAGE ? '/' : `/${review.language}`}
          picture={shown.featuredImage}
        />
      </AdminForm>
    </>
  )
}
