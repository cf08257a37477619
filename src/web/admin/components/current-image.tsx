import type { ReactNode } from 'react'
import { Thumbnail } from './thumbnail.js'

interface CurrentImageProps {
  path: string
  /** What the image is, e.g. 'featured image': names the picture and its Remove button. */
  what: string
  /** Under the picture; 'Current featured image' unless given. */
  caption?: ReactNode
  onRemove?: () => void
  removing?: boolean
}

/** A stored image in a form: a thumbnail, what it is, and (on edit screens) a Remove button. */
export function CurrentImage({ path, what, caption, onRemove, removing = false }: CurrentImageProps) {
  return (
    <figure className="admin-current-image">
      <Thumbnail path={path} alt={`Current ${what}`} />
      <figcaption>
        <span>{caption ?? `Current ${what}`}</span>
        {onRemove && (
          <button
            type="button"
            className="admin-button admin-button--quiet admin-button--small"
            onClick={onRemove}
            disabled={removing}
          >
            Remove<span className="visually-hidden"> {what}</span>
          </button>
        )}
      </figcaption>
    </figure>
  )
}
