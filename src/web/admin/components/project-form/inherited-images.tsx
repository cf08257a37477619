import { useState } from 'react'
import type { Project } from '../../../../shared/types.js'
import { Thumbnail } from '../thumbnail.js'
import type { ImageSlots } from './images-fieldset.js'

/** translate: the original's images, each kept in the translation unless the admin unticks it. */
export function useInheritedImages(original: Project | undefined) {
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set())

  function setKept(image: string, keep: boolean) {
    setDropped((current) => {
      const next = new Set(current)
      if (keep) next.delete(image)
      else next.add(image)
      return next
    })
  }

  const inherited = (image: string | null | undefined, label: string, alt: string) =>
    image && (
      <figure className="admin-current-image">
        <Thumbnail path={image} alt={alt} />
        <figcaption>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={!dropped.has(image)}
              onChange={(e) => setKept(image, e.currentTarget.checked)}
            />
            {label}
          </label>
        </figcaption>
      </figure>
    )

  const gallery = original?.galleryImages ?? []
  const slots: ImageSlots = {
    replaceHint: "A new image replaces the original's in this translation.",
    galleryHint: "New images are added after the original's.",
    featured: inherited(original?.featuredImage, 'Keep featured image', 'Featured image of the original'),
    banner: inherited(original?.galleryBannerImage, 'Keep banner image', 'Banner image of the original'),
    gallery: gallery.length > 0 && (
      <div>
        <p className="admin-hint">Untick the original's gallery images this translation should not show.</p>
        <ul className="project-inherited">
          {gallery.map((image, index) => (
            <li key={image}>
              {inherited(image, `Keep gallery image ${index + 1}`, `Gallery image ${index + 1} of the original`)}
            </li>
          ))}
        </ul>
      </div>
    ),
  }

  return { slots, dropped }
}
