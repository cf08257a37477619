import { useState } from 'react'
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import type { Language, Review } from '../../../shared/types.js'
import { languageLabel } from '../components/language-select.js'
import { LoadError, serverReason, type Status, StatusMessage } from '../components/status-message.js'
import { api } from '../lib/api.js'
import { confirmDelete } from '../lib/confirm.js'
import '../styles-content.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const id = params.id ?? ''
  const [review, translations, languages] = await Promise.allSettled([
    api<Review>(`/get-review/${id}`),
    api<Review[]>(`/get-review-translations/${id}`),
    api<Language[]>('/get-languages'),
  ])
  if (review.status === 'rejected') {
    return {
      review: null,
      translations: [],
      languages: [],
      error: { message: 'Failed to fetch review details', detail: serverReason(review.reason) },
    }
  }
  return {
    review: review.value,
    translations: translations.status === 'fulfilled' ? translations.value : [],
    translationsError: translations.status === 'rejected',
    languages: languages.status === 'fulfilled' ? languages.value : [],
    error: null,
  }
}

/** SPEC 2: language, title, description and featured image; Delete, Edit, Translate, Edit Translation links. */
export default function ReviewDetail() {
  const data = useLoaderData<typeof clientLoader>()
  const navigate = useNavigate()
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)
  const { review, translations, languages } = data

  if (!review) {
    return (
      <>
        <h1>Review Details</h1>
        {data.error && <LoadError {...data.error} />}
        <p>
          <Link to="/admin/reviews">All reviews</Link>
        </p>
      </>
    )
  }

  async function remove() {
    if (!review) return
    const what =
      review.parentId === null && review.translations.length > 0
        ? `the review "${review.title}" and its ${review.translations.length} translation(s)`
        : `the review "${review.title}"`
    if (!confirmDelete(what)) return
    setBusy(true)
    setStatus(null)
    try {
      await api(`/delete-review/${review._id}`, { method: 'DELETE' })
      navigate('/admin/reviews')
    } catch (error) {
      setStatus({ kind: 'error', message: 'Failed to delete the review', detail: serverReason(error) })
      setBusy(false)
    }
  }

  return (
    <>
      <h1>{review.parentId ? 'Review Translation Details' : 'Review Details'}</h1>
      <article className="admin-card">
        <dl className="admin-details">
          <div>
            <dt>Language</dt>
            <dd>{languageLabel(languages, review.language || 'en')}</dd>
          </div>
          {review.parentId && (
            <div>
              <dt>Translation of</dt>
              <dd>
                <Link to={`/admin/review/${review.parentId._id}`}>
                  the original review ({review.parentId.language})
                </Link>
              </dd>
            </div>
          )}
          <div>
            <dt>Title</dt>
            <dd>{review.title}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd className="admin-prewrap">{review.description}</dd>
          </div>
          <div>
            <dt>Featured Image</dt>
            <dd>
              {review.featuredImage ? (
                <img
                  className="admin-detail-image"
                  src={review.featuredImage}
                  alt={`Featured image of ${review.title}`}
                />
              ) : (
                <span className="admin-muted">No image</span>
              )}
            </dd>
          </div>
        </dl>
      </article>

      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--danger" onClick={remove} disabled={busy}>
          Delete
        </button>
        <Link className="admin-button admin-button--quiet" to={`/admin/update-review/${review._id}`}>
          Edit
        </Link>
        <Link className="admin-button admin-button--quiet" to={`/admin/translate-review/${review._id}`}>
          Translate
        </Link>
      </div>
      <StatusMessage status={status} />

      <section className="admin-section" aria-labelledby="review-translations">
        <h2 id="review-translations">Translations</h2>
        {'translationsError' in data && data.translationsError && (
          <LoadError message="Failed to fetch review translations" />
        )}
        {translations.length === 0 ? (
          <p className="admin-muted">No translations yet.</p>
        ) : (
          <ul className="admin-link-list">
            {translations.map((translation) => (
              <li key={translation._id}>
                <Link to={`/admin/update-review/${translation._id}`}>
                  Edit Translation in{' '}
                  {languages.find((l) => l.code === translation.language)?.name ?? translation.language}
                </Link>
                <span className="admin-muted">
                  {' '}
                  — {languageLabel(languages, translation.language)}: {translation.title}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
