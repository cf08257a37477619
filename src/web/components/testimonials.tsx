import { useId } from 'react'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Review } from '../../shared/types.js'
import { altOf } from '../../shared/image-alts.js'
import type { Translate } from '../lib/page-text.js'
import { Picture } from './picture.js'
import { ServerHtml } from './server-html.js'

/** The strings the section shows besides the reviews (page-text.ts). */
export const TESTIMONIALS_TEXT = ['What our clients say']

interface TestimonialsProps {
  t: Translate
  reviews: Pick<Review, '_id' | 'title' | 'description' | 'featuredImage' | 'imageAlts'>[]
  meta: Record<string, ImageMeta>
}

/** 'What our clients say': each review as a quote with its image; nothing when there are none. */
export function Testimonials({ t, reviews, meta }: TestimonialsProps) {
  const titleId = useId()
  if (!reviews.length) return null
  return (
    <ServerHtml as="section" className="testimonials" aria-labelledby={titleId}>
      <div className="container">
        <header className="sec-head sec-head--center">
          <h2 id={titleId}>{t('What our clients say')}</h2>
        </header>
        <ul className={`testimonials__list testimonials__list--${Math.min(reviews.length, 3)}`}>
          {reviews.map((review) => (
            <li key={review._id} className="testimonial">
              <figure>
                <span className="testimonial__mark" aria-hidden="true">
                  “
                </span>
                <blockquote className="testimonial__quote">
                  <p>{review.description}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  {review.featuredImage && (
                    <span className="testimonial__avatar">
                      {/* Without alt text of its own the reviewer's name beside it says who it is (decision 115). */}
                      <Picture
                        src={review.featuredImage}
                        meta={meta}
                        alt={altOf(review, review.featuredImage, '')}
                        sizes="72px"
                      />
                    </span>
                  )}
                  <span className="testimonial__name">{review.title}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </ServerHtml>
  )
}
