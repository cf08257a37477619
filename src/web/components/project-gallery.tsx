import { lazy, Suspense, useRef, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper/types'
import type { LightboxExternalProps, Slide } from 'yet-another-react-lightbox'
import { variantName } from '../../shared/image-variants.js'
import type { ImageMeta } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { altOf } from '../../shared/image-alts.js'
import type { Translate } from '../lib/page-text.js'
import { CarouselSteps, carouselStep } from './carousel-steps.js'
import { LazyCarousel } from './lazy-carousel.js'
import { Picture } from './picture.js'

/**
 * SPEC 9: 1.15 slides per view, 3.2 above 641 px, 3.8 above 1025 px. project.css repeats them for
 * before Swiper starts.
 */
export const GALLERY_BREAKPOINTS = {
  641: { slidesPerView: 3.2, spaceBetween: 20 },
  1025: { slidesPerView: 3.8, spaceBetween: 28 },
}

const GALLERY_TRACK_ID = 'gallery-track'

/** The lightbox and its Zoom plugin are only downloaded when a visitor opens an image. */
const ZoomLightbox = lazy(async () => {
  const [{ default: Lightbox }, { default: Zoom }] = await Promise.all([
    import('yet-another-react-lightbox'),
    import('yet-another-react-lightbox/plugins/zoom'),
    import('yet-another-react-lightbox/styles.css'),
  ])
  function ZoomLightbox(props: LightboxExternalProps) {
    // SPEC 9: zoom enabled, thumbnails disabled (the Thumbnails plugin is simply not used).
    return <Lightbox {...props} plugins={[Zoom]} zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }} />
  }
  return { default: ZoomLightbox }
})

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
 */
export function ProjectGallery({ project, images, t }: ProjectGalleryProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [edges, setEdges] = useState({ start: true, end: false })
  const [index, setIndex] = useState(-1)
  const [lightboxLoaded, setLightboxLoaded] = useState(false)
  // The image last shown in the lightbox: the carousel follows it, and focus returns to it.
  const viewed = useRef(0)
  const track = useRef<HTMLDivElement>(null)
  const gallery = project.galleryImages
  const [first, second] = gallery
  const total = gallery.length
  // Its own alt text, else the original's, else one built from the title (decision 115).
  const imageAlt = (i: number) => altOf(project, gallery[i], `${project.title} — ${t('Image')} ${i + 1} / ${total}`)
  const slides = gallery.map((src, i) => toSlide(src, images, imageAlt(i)))

  const trackEdges = (s: SwiperInstance) => setEdges({ start: s.isBeginning, end: s.isEnd })
  const open = (i: number) => {
    viewed.current = i
    setLightboxLoaded(true)
    setIndex(i)
  }
  const returnFocus = () => {
    swiper?.slideTo(viewed.current)
    track.current?.querySelectorAll<HTMLButtonElement>('.gallery-slide')[viewed.current]?.focus({ preventScroll: true })
  }

  return (
    <section id="gallery" className="project-section project-gallery" aria-labelledby="gallery-title" tabIndex={-1}>
      <div className="container">
        <h2 id="gallery-title" className="section-label eyebrow--ruled">
          {t('Gallery')}
        </h2>
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
      </div>

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
        <div className="gallery-carousel" role="group" aria-labelledby="gallery-carousel-title" ref={track}>
          <div className="container gallery-carousel__head">
            <div className="gallery-carousel__intro">
              <h3 id="gallery-carousel-title" className="gallery-carousel__title">
                {project.galleryTitle2 || t('Gallery')}
              </h3>
              {project.galleryDesc2 && <p className="gallery-carousel__text">{project.galleryDesc2}</p>}
            </div>
            <div className="carousel-nav">
              {(
                [
                  {
                    label: 'Previous images',
                    arrow: '←',
                    direction: -1,
                    atEdge: edges.start,
                    step: () => swiper?.slidePrev(),
                  },
                  {
                    label: 'Next images',
                    arrow: '→',
                    direction: 1,
                    atEdge: edges.end,
                    step: () => swiper?.slideNext(),
                  },
                ] as const
              ).map(({ label, arrow, direction, atEdge, step }) => (
                <button
                  key={label}
                  type="button"
                  className="carousel-nav__button"
                  aria-label={t(label)}
                  // Before Swiper starts, both arrows step the still track (a visitor who
                  // scrolled it can come back).
                  disabled={swiper ? atEdge : false}
                  {...carouselStep(GALLERY_TRACK_ID, direction)}
                  onClick={step}
                >
                  <span aria-hidden="true">{arrow}</span>
                </button>
              ))}
              <CarouselSteps />
            </div>
          </div>
          <LazyCarousel
            id={GALLERY_TRACK_ID}
            className="gallery-carousel__track"
            modules={['a11y']}
            options={{
              slidesPerView: 1.15,
              spaceBetween: 14,
              breakpoints: GALLERY_BREAKPOINTS,
              watchOverflow: true,
              a11y: { enabled: true, slideRole: 'group', slideLabelMessage: '{{index}} / {{slidesLength}}' },
              onSwiper: (s) => {
                setSwiper(s)
                trackEdges(s)
              },
              onSlideChange: trackEdges,
              onResize: trackEdges,
              onReachEnd: trackEdges,
              onReachBeginning: trackEdges,
            }}
            slides={gallery.map((src, i) => ({
              key: `${src}-${i}`,
              content: (
                <button
                  type="button"
                  className="gallery-slide"
                  aria-label={`${t('Open image')} ${i + 1} / ${total}: ${altOf(project, src, project.title) || project.title}`}
                  aria-haspopup="dialog"
                  onClick={() => open(i)}
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
        </div>
      )}

      {lightboxLoaded && (
        <Suspense fallback={null}>
          <ZoomLightbox
            open={index >= 0}
            index={Math.max(index, 0)}
            close={() => setIndex(-1)}
            slides={slides}
            on={{
              view: ({ index: current }) => (viewed.current = current),
              exited: returnFocus,
            }}
            labels={{
              Close: t('Close'),
              Previous: t('Previous'),
              Next: t('Next'),
              'Zoom in': t('Zoom in'),
              'Zoom out': t('Zoom out'),
              Lightbox: t('Gallery'),
            }}
          />
        </Suspense>
      )}
    </section>
  )
}
