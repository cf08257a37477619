import type { Review } from '../../../shared/types.js'
import { listRoute } from '../kit/list-screen.js'
import { loadGroups, type Grouped } from '../kit/load.js'
import { LastChanged, StatusBadges } from '../kit/publish-status.js'
import type { WithPublishing } from '../lib/publishing.js'
import { MESSAGES } from '../../../shared/messages.js'

type Listed = Grouped<WithPublishing<Review>>

// Every original with its translations: each language's status shows in the list (issue 22).
export const clientLoader = () => loadGroups<WithPublishing<Review>>('/get-reviews', MESSAGES.fetchReviews)

/** SPEC 2: the original reviews (translations hang off their detail screen). */
export default listRoute<Listed>({
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
    { header: 'Publishing', cell: (review) => <StatusBadges members={review.members} /> },
    { header: 'Last changed', cell: (review) => <LastChanged records={review.members} /> },
  ],
  details: { to: (review) => `/admin/review/${review._id}` },
})
