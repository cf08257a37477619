import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { mayEdit, translationLanguages, useMe } from '../lib/me.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language, Review } from '../../../shared/types.js'
import { Thumbnail } from '../components/thumbnail.js'
import { LastChanged, StatusBadge } from '../kit/publish-status.js'
import type { WithPublishing } from '../lib/publishing.js'
import { DetailScreen, type Fact, Facts, RecordScreen, TranslationLinks } from '../kit/detail-screen.js'
import { load } from '../kit/load.js'
import { languageLabel } from '../lib/language-names.js'
import { fixedMessage } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const id = params.id ?? ''
  const [review, translations, languages] = await Promise.all([
    load(() => api<Review>(`/get-review/${id}`), MESSAGES.fetchReviewDetails),
    load(() => api<Review[]>(`/get-review-translations/${id}`), 'Failed to fetch review translations'),
    load(() => api<Language[]>('/get-languages'), MESSAGES.fetchLanguages),
  ])
  return { review, translations, languages: languages.data ?? [] }
}

/** SPEC 2: language, title, description and featured image; Delete, Edit, Translate, Edit Translation links. */
export default function ReviewDetail() {
  const { review, translations, languages } = useLoaderData<typeof clientLoader>()
  const me = useMe()
  return (
    <RecordScreen loaded={review} title="Review Details" list="reviews">
      {(review) => (
        <DetailScreen
          title={review.parentId ? 'Review Translation Details' : 'Review Details'}
          subtitle={
            <>
              <StatusBadge record={review as WithPublishing<Review>} />{' '}
              {(review as WithPublishing<Review>).changedAt && (
                <>
                  Last changed by <LastChanged records={[review as WithPublishing<Review>]} />.
                </>
              )}
            </>
          }
          links={[
            {
              to: `/admin/update-review/${review._id}`,
              label: 'Edit',
              hidden: !mayEdit(me, { language: review.language, original: !review.parentId }),
            },
            {
              to: `/admin/translate-review/${review._id}`,
              label: 'Translate',
              hidden: translationLanguages(me)?.length === 0,
            },
          ]}
          remove={{
            path: `/delete-review/${review._id}`,
            what: deleteWhat(review),
            then: '/admin/reviews',
            describeError: fixedMessage(MESSAGES.deleteReview),
            trash: true,
          }}
        >
          <article className="admin-card">
            <Facts facts={reviewFacts(review, languages)} />
          </article>
          <TranslationLinks
            kind="review"
            translations={translations.data ?? []}
            languages={languages}
            error={translations.error}
            original={review.parentId ? undefined : { _id: review._id, language: review.language }}
          />
        </DetailScreen>
      )}
    </RecordScreen>
  )
}

/** An original goes with its translations, and the confirmation says so. */
function deleteWhat(review: Review) {
  const group = review.parentId === null ? review.translations.length : 0
  return group > 0 ? `the review "${review.title}" and its ${group} translation(s)` : `the review "${review.title}"`
}

function reviewFacts(review: Review, languages: Language[]): Fact[] {
  return [
    { term: 'Language', value: languageLabel(languages, review.language || BASE_LANGUAGE) },
    ...(review.parentId
      ? [
          {
            term: 'Translation of',
            value: (
              <Link to={`/admin/review/${review.parentId._id}`}>the original review ({review.parentId.language})</Link>
            ),
          },
        ]
      : []),
    { term: 'Title', value: review.title },
    { term: 'Description', value: <span className="admin-prewrap">{review.description}</span> },
    {
      term: 'Featured Image',
      value: review.featuredImage ? (
        <Thumbnail
          className="admin-detail-image"
          path={review.featuredImage}
          alt={`Featured image of ${review.title}`}
        />
      ) : (
        <span className="admin-muted">No image</span>
      ),
    },
  ]
}
