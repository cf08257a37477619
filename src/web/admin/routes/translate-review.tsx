import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import { reviewFieldsSchema } from '../../../shared/schemas/review.schema.js'
import type { Language, Review } from '../../../shared/types.js'
import { ImagePicker } from '../components/image-picker.js'
import { LanguageSelect } from '../components/language-select.js'
import { ReviewFields } from '../components/review-form.js'
import {
  fieldOf,
  focusField,
  LoadError,
  loadFailure,
  type Status,
  StatusMessage,
} from '../components/status-message.js'
import { UploadProgress } from '../components/upload-progress.js'
import { api, messageOf } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const id = params.id ?? ''
  try {
    const [review, languages] = await Promise.all([api<Review>(`/get-review/${id}`), api<Language[]>('/get-languages')])
    // The group's languages: this review's and those of every other member.
    const taken = new Set([review.language, ...review.translations.map((t) => t.code)])
    const choices = languages.filter((l) => l.code !== 'en' && !taken.has(l.code))
    return { review, choices, error: null }
  } catch (error) {
    return { review: null, choices: [], error: loadFailure(error, 'Failed to fetch review details') }
  }
}

/** SPEC 2: a language the review lacks (never en), title, description, optional image; 'Translate Review'. */
export default function TranslateReview() {
  const { review, choices, error } = useLoaderData<typeof clientLoader>()
  const navigate = useNavigate()
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [progress, setProgress] = useState<number | null>(null)

  if (!review) {
    return (
      <>
        <h1>Translate Review</h1>
        {error && <LoadError {...error} />}
      </>
    )
  }

  function fail(message: string, field?: string) {
    setStatus({ kind: 'error', message })
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!review) return
    const form = new FormData(event.currentTarget)
    if (!form.get('language')) return fail('Please select a translation language', 'language')
    const parsed = reviewFieldsSchema.safeParse({
      title: form.get('title'),
      description: form.get('description'),
      language: form.get('language'),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail(issue?.message ?? 'Failed to add review', issue?.path[0]?.toString())
    }
    const body = new FormData()
    body.set('translate', 'true')
    body.set('parentId', review._id)
    body.set('language', parsed.data.language)
    body.set('title', parsed.data.title)
    body.set('description', parsed.data.description)
    const image = form.get('featuredImage')
    if (image instanceof File && image.size > 0) body.set('featuredImage', image)
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
      <h1>Translate Review</h1>
      <p className="admin-muted">
        Translating “{review.title}” ({review.language}) · <Link to={`/admin/review/${review._id}`}>View Details</Link>
      </p>
      {choices.length === 0 ? (
        <div className="admin-card">
          <p>This review already has a version in every language.</p>
          <p>
            <Link to="/admin/add-language">Add Language</Link>
          </p>
        </div>
      ) : (
        <form ref={formRef} className="admin-card admin-form" onSubmit={submit} noValidate>
          <LanguageSelect
            label="Translation Language"
            name="language"
            languages={choices}
            placeholder="Select language"
            required
          />
          <p className="admin-hint">The original text is filled in; replace it with the translation.</p>
          <ReviewFields
            defaultTitle={review.title}
            defaultDescription={review.description}
            invalidField={invalidField}
            errorId={errorId}
          />
          <div className="admin-field">
            {review.featuredImage && (
              <figure className="admin-current-image">
                <img src={review.featuredImage} alt={`Featured image of ${review.title}`} />
                <figcaption className="admin-hint">Kept unless you choose another image.</figcaption>
              </figure>
            )}
            <ImagePicker label="Featured Image (optional)" name="featuredImage" />
          </div>
          <UploadProgress fraction={progress} />
          <div id={errorId}>
            <StatusMessage status={status} />
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button" disabled={progress !== null}>
              Translate Review
            </button>
          </div>
        </form>
      )}
    </>
  )
}
