import { type DragEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { Thumbnail } from '../thumbnail.js'

interface ProjectGalleryOrderProps {
  /** The stored gallery images in the order they will be saved. */
  images: string[]
  onReorder: (images: string[]) => void
  /** Takes one image off the project at once (remove-image). */
  onRemove: (image: string) => void
  /** The image's alt text input (decision 115); `n` its place in the gallery. */
  altField?: (image: string, n: number) => ReactNode
}

type Focus = { image: string; control: 'left' | 'right' | 'remove' }

/** The move buttons of each image: one place earlier or later in the gallery. */
const MOVES = [
  { control: 'left', step: -1, arrow: '←' },
  { control: 'right', step: 1, arrow: '→' },
] as const

/** `images` with the one at `from` moved to `to`. */
export function moveImage(images: string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= images.length || to >= images.length) return images
  const next = [...images]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

/**
 * The current gallery as thumbnails the admin puts in order by dragging them, or with the keyboard
 * through the move-left / move-right buttons of each image; each image also has a Remove button.
 */
export function ProjectGalleryOrder({ images, onReorder, onRemove, altField }: ProjectGalleryOrderProps) {
  const [dragged, setDragged] = useState<string | null>(null)
  // A press in a card's alt text field selects text there: the card is not dragged.
  const [inField, setInField] = useState(false)
  const [over, setOver] = useState<string | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const controls = useRef(new Map<string, HTMLButtonElement>())
  const pendingFocus = useRef<Focus | null>(null)

  // Moving a focused element in the DOM blurs it: give the focus back after each keyboard move.
  useLayoutEffect(() => {
    const focus = pendingFocus.current
    if (!focus) return
    pendingFocus.current = null
    controls.current.get(`${focus.image}:${focus.control}`)?.focus()
  }, [images])

  function move(from: number, to: number, focus?: Focus) {
    if (to < 0 || to >= images.length || from === to) return
    pendingFocus.current = focus ?? null
    onReorder(moveImage(images, from, to))
    setAnnouncement(`Gallery image moved to position ${to + 1} of ${images.length}.`)
  }

  function remove(index: number) {
    const image = images[index]!
    const neighbour = images[index + 1] ?? images[index - 1]
    pendingFocus.current = neighbour ? { image: neighbour, control: 'remove' } : null
    onRemove(image)
    setAnnouncement(`Gallery image ${index + 1} removed.`)
  }

  const ref = (image: string, control: Focus['control']) => (element: HTMLButtonElement | null) => {
    const key = `${image}:${control}`
    if (element) controls.current.set(key, element)
    else controls.current.delete(key)
  }

  function onDrop(event: DragEvent, target: string) {
    event.preventDefault()
    const source = dragged ?? event.dataTransfer.getData('text/plain')
    setDragged(null)
    setOver(null)
    const from = images.indexOf(source)
    const to = images.indexOf(target)
    if (from >= 0 && to >= 0) move(from, to)
  }

  if (images.length === 0) return <p className="admin-muted">No gallery images yet.</p>

  return (
    <div className="project-gallery">
      <p className="project-hint" id="gallery-order-hint">
        Drag the images into the order they should appear in, or use the arrow buttons. The new order is saved with
        Update Project; Remove takes an image off at once.
      </p>
      <ol className="project-gallery__list" aria-describedby="gallery-order-hint">
        {images.map((image, index) => {
          const n = index + 1
          const first = index === 0
          const last = index === images.length - 1
          return (
            <li
              key={image}
              className={[
                'project-gallery__item',
                dragged === image ? 'is-dragged' : '',
                over === image && dragged !== image ? 'is-over' : '',
              ].join(' ')}
              draggable={!inField}
              onPointerDown={(event) => setInField(Boolean((event.target as Element).closest('input, textarea')))}
              data-image={image}
              onDragStart={(event) => {
                setDragged(image)
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', image)
              }}
              onDragEnter={(event) => {
                event.preventDefault()
                setOver(image)
              }}
              onDragOver={(event) => {
                event.preventDefault()
                event.dataTransfer.dropEffect = 'move'
              }}
              onDrop={(event) => onDrop(event, image)}
              onDragEnd={() => {
                setDragged(null)
                setOver(null)
              }}
            >
              <div className="project-gallery__frame">
                <Thumbnail path={image} alt={`Gallery image ${n}`} />
                <span className="project-gallery__position" aria-hidden="true">
                  {n}
                </span>
              </div>
              <div className="project-gallery__controls">
                {MOVES.map(({ control, step, arrow }) => (
                  <button
                    key={control}
                    type="button"
                    ref={ref(image, control)}
                    className="project-icon-button"
                    aria-disabled={(step < 0 ? first : last) || undefined}
                    onClick={() => move(index, index + step, { image, control })}
                  >
                    <span aria-hidden="true">{arrow}</span>
                    <span className="visually-hidden">
                      Move gallery image {n} {control}
                    </span>
                  </button>
                ))}
                <button
                  type="button"
                  ref={ref(image, 'remove')}
                  className="admin-button admin-button--quiet admin-button--small"
                  onClick={() => remove(index)}
                >
                  Remove<span className="visually-hidden"> gallery image {n}</span>
                </button>
              </div>
              {altField?.(image, n)}
            </li>
          )
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
