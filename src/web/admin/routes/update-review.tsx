import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { reviewFieldsSchema } from '../../../shared/schemas/review.schema.js'
import type { Review } from '../../../shared/types.js'
import { ImagePicker } from '../components/image-picker.js'
import { ReviewFields } from '../components/review-form.js'
import {
  failure,
  fieldOf,
  focusField,
  LoadError,
  loadFailure,
  type Status,
  StatusMessage,
} from '../components/status-message.js'
import { UploadProgress } from '../components/upload-progress.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  try {
    return { review: await api<Review>(`/get-review/${params.id ?? ''}`), error: null }
  } catch (error) {
    return { review: null, error: loadFailure(error, 'Failed to fetch review details') }
  }
}

/** SPEC 2/5: title and description required; the featured image can be removed or replaced. */
export default function UpdateReview() {
  const data = useLoaderData<typeof clientLoader>()
  // The key remounts the form when another review is opened from here.
  return data.review ? (
    <UpdateReviewForm key={data.review._id} initial={data.review} />
  ) : (
    <>
      <h1>Edit Review</h1>
      {data.error && <LoadError {...data.error} />}
    </>
  )
}

function UpdateReviewForm({ initial }: { initial: Review }) {
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [review, setReview] = useState(initial)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [progress, setProgress] = useState<number | null>(null)
  const [removing, setRemoving] = useState(false)
  // A new key clears the file input (and its preview) after a successful save.
  const [pickerKey, setPickerKey] = useState(0)

  function fail(next: Status, field?: string) {
    setStatus(next)
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function removeImage() {
    if (!review.featuredImage) return
    setRemoving(true)
    try {
      const answer = await api<{ review: Review }>('/remove-image', {
        method: 'POST',
        json: { reviewId: review._id, imageName: review.featuredImage },
      })
      setReview(answer.review)
    } catch (error) {
      // SPEC 8: an image removal failure is logged only; the image simply stays.
      console.error('Image removal failed', error)
    } finally {
      setRemoving(false)
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = reviewFieldsSchema
      .omit({ language: true })
      .safeParse({ title: form.get('title'), description: form.get('description') })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail({ kind: 'error', message: issue?.message ?? 'Failed to update Review' }, issue?.path[0]?.toString())
    }
    const body = new FormData()
    body.set('title', parsed.data.title)
    body.set('description', parsed.data.description)
    const image = form.get('featuredImage')
    if (image instanceof File && image.size > 0) body.set('featuredImage', image)
    setStatus(null)
    setInvalidField(undefined)
    setProgress(0)
    try {
      const answer = await api<{ review: Review }>(`/update-review/${review._id}`, {
        method: 'PUT',
        form: body,
        onProgress: setProgress,
      })
      setReview(answer.review)
      setPickerKey((k) => k + 1)
      setStatus({ kind: 'success', message: 'Review updated successfully!' })
    } catch (error) {
      fail(failure(error, 'Failed to update Review'), fieldOf(error))
    } finally {
      setProgress(null)
    }
  }

  return (
    <>
      <h1>{review.parentId ? 'Edit Review Translation' : 'Edit Review'}</h1>
      <p className="admin-muted">
        Language: {review.language} · <Link to={`/admin/review/${review._id}`}>View Details</Link>
      </p>
      <form ref={formRef} className="admin-card admin-form" onSubmit={submit} noValidate>
        <ReviewFields
          defaultTitle={review.title}
          defaultDescription={review.description}
          invalidField={invalidField}
          errorId={errorId}
        />
        <fieldset className="admin-fieldset">
          <legend>Featured Image</legend>
          {review.featuredImage ? (
            <div className="admin-current-image">
              <img src={review.featuredImage} alt={`Current featured image of ${review.title}`} />
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={removeImage}
                disabled={removing}
              >
                Remove<span className="visually-hidden"> featured image</span>
              </button>
            </div>
          ) : (
            <p className="admin-muted">No featured image. Choose one below.</p>
          )}
          <ImagePicker
            key={pickerKey}
            label={review.featuredImage ? 'Replace featured image' : 'New featured image'}
            name="featuredImage"
          />
        </fieldset>
        <UploadProgress fraction={progress} />
        <div id={errorId}>
          <StatusMessage status={status} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={progress !== null}>
            Update Review
          </button>
        </div>
      </form>
    </>
  )
}
