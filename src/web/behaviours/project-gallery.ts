import type { Swiper } from 'swiper'
import { attachCarousel } from './carousel.js'
import { listen } from './dom.js'
import type * as GalleryLightbox from './gallery-lightbox.js'

/**
 * SPEC 9: 1.15 slides per view, 3.2 above 641 px, 3.8 above 1025 px. project.css repeats them for
 * before Swiper starts.
 */
const GALLERY_BREAKPOINTS = {
  641: { slidesPerView: 3.2, spaceBetween: 20 },
  1025: { slidesPerView: 3.8, spaceBetween: 28 },
}

/**
 * The project gallery's carousel (project-gallery.tsx renders it) and its lightbox. The carousel
 * is Swiper once it nears the screen; its arrows are disabled at either end. An image opens a
 * zoomable lightbox (yet-another-react-lightbox, so React): its code loads when a visitor reaches
 * for an image (pointer over or down, or focus), not with the page; closing it brings the carousel to the
 * image last shown and gives that image the focus.
 */
export function attachProjectGallery(section: HTMLElement): () => void {
  const track = section.querySelector<HTMLElement>('.gallery-carousel__track')
  if (!track) return () => undefined
  const images = [...track.querySelectorAll<HTMLButtonElement>('button.gallery-slide')]
  const arrows = track.id
    ? [...section.querySelectorAll<HTMLButtonElement>(`[aria-controls="${CSS.escape(track.id)}"][data-carousel-step]`)]
    : []
  let swiper: Swiper | null = null
  const showEdges = (started: Swiper) => {
    for (const arrow of arrows)
      arrow.disabled = Number(arrow.dataset.carouselStep) < 0 ? started.isBeginning : started.isEnd
  }
  const detachCarousel = attachCarousel(track, {
    modules: ['a11y'],
    options: {
      slidesPerView: 1.15,
      spaceBetween: 14,
      breakpoints: GALLERY_BREAKPOINTS,
      watchOverflow: true,
      a11y: { enabled: true, slideRole: 'group', slideLabelMessage: '{{index}} / {{slidesLength}}' },
      on: {
        afterInit: (started) => {
          swiper = started
          showEdges(started)
        },
        slideChange: showEdges,
        resize: showEdges,
        reachEnd: showEdges,
        reachBeginning: showEdges,
      },
    },
  })

  let lightbox: Promise<typeof GalleryLightbox> | null = null
  const loadLightbox = () => (lightbox ??= import('./gallery-lightbox.js'))
  const imageOf = (event: Event) => (event.target as Element).closest<HTMLButtonElement>('button.gallery-slide')
  const reach = (event: Event) => {
    if (imageOf(event)) void loadLightbox().catch(() => (lightbox = null))
  }
  let open = false
  const onClick = (event: MouseEvent) => {
    const image = imageOf(event)
    if (!image || open) return
    open = true
    const data = JSON.parse(
      section.querySelector('script.gallery-lightbox')?.textContent ?? 'null',
    ) as GalleryLightbox.LightboxData
    loadLightbox().then(
      ({ openLightbox }) =>
        openLightbox(data, images.indexOf(image), (viewed) => {
          open = false
          swiper?.slideTo(viewed)
          images[viewed]?.focus({ preventScroll: true })
        }),
      // Offline: the image stays as it is.
      () => {
        open = false
        lightbox = null
      },
    )
  }
  const unlisten = listen(section, { pointerover: reach, pointerdown: reach, focusin: reach, click: onClick })
  return () => {
    detachCarousel()
    unlisten()
  }
}
