import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { addReviewSchema } from '../../../shared/schemas/review.schema.js'
import { ImagePicker } from '../components/image-picker.js'
import { ReviewFields } from '../components/review-form.js'
import { fieldOf, focusField, StatusMessage, type Status } from '../components/status-message.js'
import { UploadProgress } from '../components/upload-progress.js'
import { api, messageOf } from '../lib/api.js'
import '../styles-content.css'

/** SPEC 2/5: title, description and featured image are all required; success goes to the list. */
export default function AddReview() {
  const navigate = useNavigate()
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [progress, setProgress] = useState<number | null>(null)

  function fail(message: string, field?: string) {
    setStatus({ kind: 'error', message })
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = addReviewSchema.safeParse({ title: form.get('title'), description: form.get('description') })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail(issue?.message ?? 'Failed to add review', issue?.path[0]?.toString())
    }
    const image = form.get('featuredImage')
    if (!(image instanceof File) || image.size === 0) return fail('Featured image is required', 'featuredImage')

    const body = new FormData()
    body.set('title', parsed.data.title)
    body.set('description', parsed.data.description)
    body.set('featuredImage', image)
    setStatus(null)
    setInvalidField(undefined)
    setProgress(0)
    try {
      await api('/add-review', { method: 'POST', form: body, onProgress: setProgress })
      navigate('/admin/reviews')
    } catch (error) {
      fail(messageOf(error, 'Failed to add review'), fieldOf(error))
    } finally {
      setProgress(null)
    }
  }

  return (
    <>
      <h1>Add Review</h1>
      <form ref={formRef} className="admin-card admin-form" onSubmit={submit} noValidate>
        <p className="admin-hint">All fields are required.</p>
        <ReviewFields invalidField={invalidField} errorId={errorId} />
        <ImagePicker label="Featured Image" name="featuredImage" required />
        <UploadProgress fraction={progress} />
        <div id={errorId}>
          <StatusMessage status={status} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={progress !== null}>
            Add Review
          </button>
        </div>
      </form>
    </>
  )
}
