import { createRoot } from 'react-dom/client'
import Lightbox, { type Slide } from 'yet-another-react-lightbox'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import styles from 'yet-another-react-lightbox/styles.css?inline'

/** What the gallery carries for its lightbox (project-gallery.tsx): the images and the labels. */
export interface LightboxData {
  slides: Slide[]
  labels: Record<string, string>
}

let styled = false

/**
 * Opens the gallery's lightbox at an image, in a React root of its own (the page has no other);
 * calls `exited` with the image last shown once it has closed and gone.
 */
export function openLightbox({ slides, labels }: LightboxData, index: number, exited: (viewed: number) => void) {
  if (!styled) {
    styled = true
    document.head.append(Object.assign(document.createElement('style'), { textContent: styles }))
  }
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  let viewed = index
  const render = (open: boolean) =>
    root.render(
      <Lightbox
        open={open}
        index={index}
        close={() => render(false)}
        slides={slides}
        // SPEC 9: zoom enabled, thumbnails disabled (the Thumbnails plugin is simply not used).
        plugins={[Zoom]}
        zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
        labels={labels}
        on={{
          view: ({ index: current }) => (viewed = current),
          exited: () => {
            // After this handler: React does not unmount a root from inside its own render.
            setTimeout(() => {
              root.unmount()
              container.remove()
              exited(viewed)
            })
          },
        }}
      />,
    )
  render(true)
}
