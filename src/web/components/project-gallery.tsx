import type { Slide } from 'yet-another-react-lightbox'
import { variantName } from '../../shared/image-variants.js'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { altOf } from '../../shared/image-alts.js'
import type { Translate } from '../lib/page-text.js'
import type { LightboxData } from '../behaviours/gallery-lightbox.js'
import { ProjectSection } from './project-section.js'
import { CarouselSteps, carouselStep } from './carousel-steps.js'
import { StillCarousel } from './still-carousel.js'
import { Picture } from './picture.js'

const GALLERY_TRACK_ID = 'gallery-track'

/** A lightbox slide with the stored image's WebP sizes, so a phone does not load the full file. */
function toSlide(src: string, meta: Record<string, ImageMeta>, alt: string): Slide {
  const info = meta[src]
  if (!info) return { src, alt }
  return {
    src,
    alt,
    width: info.width,
    height: info.height,
    srcSet: [
      ...info.widths.map((w) => ({
        src: variantName(src, w, 'webp'),
        width: w,
        height: Math.round((info.height * w) / info.width),
      })),
      { src, width: info.width, height: info.height },
    ],
  }
}

/** The strings the gallery and its lightbox show (page-text.ts). */
export const GALLERY_TEXT = [
  'Gallery',
  'Image',
  'Open image',
  'Previous images',
  'Next images',
  'Close',
  'Previous',
  'Next',
  'Zoom in',
  'Zoom out',
]

interface ProjectGalleryProps {
  project: Project
  images: Record<string, ImageMeta>
  t: Translate
}

/**
 * SPEC 2: the quoted galleryTitle1 and galleryDesc1, the first two gallery images, the optional
 * banner image, then a carousel (galleryTitle2, galleryDesc2) whose images open a zoomable lightbox.
 * Its behaviour (behaviours/project-gallery.ts) starts the carousel and opens the lightbox, whose
 * images and labels the section carries.
 */
export function ProjectGallery({ project, images, t }: ProjectGalleryProps) {
  const gallery = project.galleryImages
  const [first, second] = gallery
  const total = gallery.length
  // Its own alt text, else the original's, else one built from the title (decision 115).
  const imageAlt = (i: number) => altOf(project, gallery[i], `${project.title} — ${t('Image')} ${i + 1} / ${total}`)
  const lightbox: LightboxData = {
    slides: gallery.map((src, i) => toSlide(src, images, imageAlt(i))),
    labels: {
      Close: t('Close'),
      Previous: t('Previous'),
      Next: t('Next'),
      'Zoom in': t('Zoom in'),
      'Zoom out': t('Zoom out'),
      Lightbox: t('Gallery'),
    },
  }

  return (
    <ProjectSection
      id="gallery"
      title={t('Gallery')}
      wide={
        <>
          {project.galleryBannerImage && (
            <div className="gallery-banner">
              <Picture
                src={project.galleryBannerImage}
                meta={images}
                alt={altOf(project, project.galleryBannerImage, project.title)}
                sizes="100vw"
              />
            </div>
          )}

          {total > 0 && (
            <div className="gallery-carousel" role="group" aria-labelledby="gallery-carousel-title">
              <div className="container gallery-carousel__head">
                <div className="gallery-carousel__intro">
                  <h3 id="gallery-carousel-title" className="gallery-carousel__title">
                    {project.galleryTitle2 || t('Gallery')}
                  </h3>
                  {project.galleryDesc2 && <p className="gallery-carousel__text">{project.galleryDesc2}</p>}
                </div>
                <div className="carousel-nav">
                  {/* Before Swiper starts both arrows step the still track (a visitor who scrolled it
                  can come back); then they are disabled at either end. */}
                  <button
                    type="button"
                    className="carousel-nav__button"
                    aria-label={t('Previous images')}
                    {...carouselStep(GALLERY_TRACK_ID, -1)}
                  >
                    <span aria-hidden="true">←</span>
                  </button>
                  <button
                    type="button"
                    className="carousel-nav__button"
                    aria-label={t('Next images')}
                    {...carouselStep(GALLERY_TRACK_ID, 1)}
                  >
                    <span aria-hidden="true">→</span>
                  </button>
                  <CarouselSteps />
                </div>
              </div>
              <StillCarousel
                id={GALLERY_TRACK_ID}
                className="gallery-carousel__track"
                slides={gallery.map((src, i) => ({
                  key: `${src}-${i}`,
                  content: (
                    <button
                      type="button"
                      className="gallery-slide"
                      aria-label={`${t('Open image')} ${i + 1} / ${total}: ${altOf(project, src, project.title) || project.title}`}
                      aria-haspopup="dialog"
                    >
                      <Picture
                        src={src}
                        meta={images}
                        alt=""
                        sizes="(min-width: 1025px) 26vw, (min-width: 641px) 31vw, 86vw"
                      />
                      <span className="gallery-slide__zoom" aria-hidden="true" />
                    </button>
                  ),
                }))}
              />
              <script
                type="application/json"
                className="gallery-lightbox"
                // Data, not script; `<` is escaped so no text can close the element.
                dangerouslySetInnerHTML={{ __html: JSON.stringify(lightbox).replace(/</g, '\\u003c') }}
              />
            </div>
          )}
        </>
      }
    >
      {(project.galleryTitle1 || project.galleryDesc1) && (
        <div className="gallery-quote">
          {project.galleryTitle1 && <h3 className="gallery-quote__title">“{project.galleryTitle1}”</h3>}
          {project.galleryDesc1 && <p className="gallery-quote__text">“{project.galleryDesc1}”</p>}
        </div>
      )}
      {first && (
        <div className={`gallery-pair${second ? '' : ' gallery-pair--single'}`}>
          <div className="gallery-pair__item gallery-pair__item--first">
            <Picture src={first} meta={images} alt={imageAlt(0)} sizes="(min-width: 900px) 56vw, 100vw" />
          </div>
          {second && (
            <div className="gallery-pair__item gallery-pair__item--second">
              <Picture src={second} meta={images} alt={imageAlt(1)} sizes="(min-width: 900px) 40vw, 100vw" />
            </div>
          )}
        </div>
      )}
    </ProjectSection>
  )
}
