import { Link, useLoaderData } from 'react-router'
import type { Review } from '../../../shared/types.js'
import { LoadError, loadFailure } from '../components/status-message.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader() {
  try {
    const reviews = await api<Review[]>('/get-reviews')
    return { reviews: reviews.filter((review) => review.parentId === null), error: null }
  } catch (error) {
    return { reviews: [] as Review[], error: loadFailure(error, 'Failed to fetch reviews') }
  }
}

/** SPEC 2: the original reviews (translations hang off their detail screen). */
export default function Reviews() {
  const { reviews, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <div className="admin-heading">
        <h1>Reviews</h1>
        <Link className="admin-button" to="/admin/add-review">
          Add Review
        </Link>
      </div>
      {error && <LoadError {...error} />}
      {!error && reviews.length === 0 && <p>No reviews yet.</p>}
      {reviews.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">Reviews (originals)</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Description</th>
                <th scope="col">Translations</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((review) => (
                <tr key={review._id}>
                  <th scope="row" id={`review-${review._id}`} data-label="Title">
                    {review.title}
                  </th>
                  <td data-label="Description">
                    <p className="admin-clamp">{review.description}</p>
                  </td>
                  <td data-label="Translations">
                    {review.translations.length > 0 ? (
                      review.translations.map((t) => t.code).join(', ')
                    ) : (
                      <span className="admin-muted">none</span>
                    )}
                  </td>
                  <td data-label="Actions">
                    <Link to={`/admin/review/${review._id}`} aria-describedby={`review-${review._id}`}>
                      View Details
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
