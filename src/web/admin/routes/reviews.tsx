import type { Review } from '../../../shared/types.js'
import { listRoute } from '../kit/list-screen.js'
import { loadOriginals } from '../kit/load.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = () => loadOriginals<Review>('/get-reviews', MESSAGES.fetchReviews)

/** SPEC 2: the original reviews (translations hang off their detail screen). */
export default listRoute<Review>({
  title: 'Reviews',
  caption: 'Reviews (originals)',
  add: { to: '/admin/add-review', label: 'Add Review' },
  columns: [
    { header: 'Title', rowHeader: true, cell: (review) => review.title },
    { header: 'Description', cell: (review) => <p className="admin-clamp">{review.description}</p> },
    {
      header: 'Translations',
      cell: ({ translations }) =>
        translations.map((t) => t.code).join(', ') || <span className="admin-muted">none</span>,
    },
  ],
  details: { to: (review) => `/admin/review/${review._id}` },
})
