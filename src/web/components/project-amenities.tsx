import type { ImageMeta } from '../../shared/site-data.js'
import type { Amenity } from '../../shared/types.js'
import type { Translate } from '../lib/page-text.js'
import { ProjectSection } from './project-section.js'
import { CarouselSteps, carouselSlide } from './carousel-steps.js'
import { StillCarousel } from './still-carousel.js'
import { Picture } from './picture.js'

/**
 * SPEC 9: the phone's thumbnail strip sizes itself when there are more than 3 amenities (3 per
 * view otherwise; project.css repeats both for before Swiper starts, the behaviour reads the class).
 */
const AUTO_THUMBS_ABOVE = 3

const SLIDER_ID = 'amenities-slider'

/** The strings the section shows besides the amenities (page-text.ts). */
export const AMENITIES_TEXT = ['Amenities']

interface ProjectAmenitiesProps {
  amenities: Amenity[]
  images: Record<string, ImageMeta>
  t: Translate
  /** An amenity image's alt text (the project's, decision 115). */
  altOf: (amenity: Amenity) => string
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * SPEC 2: on desktop, hovering (or focusing) an amenity's title shows its image, the first by
 * default; on phones, a fading image slider kept in step with a strip of thumbnails.
 * Both are rendered; CSS shows the one that fits. Its behaviour: behaviours/project-amenities.ts.
 */
export function ProjectAmenities({ amenities, images, t, altOf }: ProjectAmenitiesProps) {
  const total = amenities.length

  return (
    <ProjectSection id="amenities" title={t('Amenities')}>
      {/* Desktop: titles on the left, the hovered one's image on the right. */}
      <div className="amenities-desktop">
        <ul className="amenities-list">
          {amenities.map((amenity, i) => (
            <li key={`${amenity.title}-${i}`}>
              <button
                type="button"
                className="amenities-list__item"
                aria-current={i === 0 ? 'true' : undefined}
                aria-controls="amenities-stage"
              >
                <span className="amenities-list__index" aria-hidden="true">
                  {pad(i + 1)}
                </span>
                <span className="amenities-list__title">{amenity.title}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="amenities-stage" id="amenities-stage">
          {amenities.map((amenity, i) => (
            <figure
              key={`${amenity.title}-${i}`}
              className={`amenities-stage__image${i === 0 ? ' is-active' : ''}`}
              aria-hidden={i === 0 ? undefined : true}
              data-testid="amenity-image"
            >
              <Picture src={amenity.image} meta={images} alt={altOf(amenity)} sizes="(min-width: 1025px) 50vw, 100vw" />
              <AmenityCaption className="amenities-stage__caption" index={i} total={total} title={amenity.title} />
            </figure>
          ))}
        </div>
      </div>

      {/* Phones: a fading slider and its thumbnails, kept in step both ways. */}
      <div className="amenities-mobile">
        <StillCarousel
          id={SLIDER_ID}
          className="amenities-slider"
          slides={amenities.map((amenity, i) => ({
            key: `${amenity.title}-${i}`,
            content: (
              <figure className="amenities-slider__slide">
                <Picture src={amenity.image} meta={images} alt={altOf(amenity)} sizes="100vw" />
                <AmenityCaption className="amenities-slider__caption" index={i} total={total} title={amenity.title} />
              </figure>
            ),
          }))}
        />
        <StillCarousel
          className={`amenities-thumbs${total > AUTO_THUMBS_ABOVE ? ' amenities-thumbs--auto' : ''}`}
          slides={amenities.map((amenity, i) => ({
            key: `${amenity.title}-${i}`,
            className: 'amenities-thumbs__slide',
            content: (
              <button
                type="button"
                className="amenities-thumb"
                aria-current={i === 0 ? 'true' : undefined}
                {...carouselSlide(SLIDER_ID, i)}
              >
                <Picture src={amenity.image} meta={images} alt="" sizes="96px" />
                <span className="amenities-thumb__title">{amenity.title}</span>
              </button>
            ),
          }))}
        />
        <CarouselSteps />
      </div>
    </ProjectSection>
  )
}

/** "03 / 07" for the eye (screen readers hear the slide's own label), then the amenity's name. */
function AmenityCaption({
  className,
  index,
  total,
  title,
}: {
  className: string
  index: number
  total: number
  title: string
}) {
  return (
    <figcaption className={className}>
      <span aria-hidden="true">
        {pad(index + 1)} / {pad(total)}
      </span>
      {title}
    </figcaption>
  )
}
