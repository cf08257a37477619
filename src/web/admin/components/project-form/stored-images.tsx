import { useRef, useState } from 'react'
import type { Project } from '../../../../shared/types.js'
import { api } from '../../lib/api.js'
import { CurrentImage } from '../current-image.js'
import { ImageAltField } from '../image-alt-field.js'
import { ProjectGalleryOrder } from './gallery-order.js'
import type { ImageSlots } from './images-fieldset.js'

/**
 * update: the project's stored images as the screen shows them. Remove takes an image off at once
 * (remove-image); the gallery order is saved with the form.
 */
export function useStoredImages(project: Project | undefined) {
  const [featured, setFeatured] = useState(project?.featuredImage ?? null)
  const [banner, setBanner] = useState(project?.galleryBannerImage ?? null)
  const [gallery, setGallery] = useState<string[]>(project?.galleryImages ?? [])
  // The gallery as the server holds it, which the order sent with the form must match.
  const storedGallery = useRef<string[]>(project?.galleryImages ?? [])
  const removals = useRef(new Set<Promise<unknown>>())

  function removeStored(image: string) {
    if (!project) return
    const call = api<{ project: Project }>('/remove-image', {
      method: 'POST',
      json: { projectId: project._id, imageName: image },
    })
      .then(({ project: changed }) => {
        storedGallery.current = changed.galleryImages
      })
      // SPEC 8: an image removal failure is logged only.
      .catch((e: unknown) => console.error('Image removal failed', e))
      .finally(() => removals.current.delete(call))
    removals.current.add(call)
  }

  /** Its alt text in the project's language (decision 115). */
  const altField = (image: string, what: string) =>
    project && <ImageAltField key={image} record={project} path={image} what={what} />

  /** A stored single image with its Remove button and its alt text. */
  const current = (image: string, what: string, clear: (image: null) => void) => (
    <>
      <CurrentImage
        path={image}
        what={what}
        onRemove={() => {
          removeStored(image)
          clear(null)
        }}
      />
      {altField(image, what)}
    </>
  )

  const slots: ImageSlots = {
    replaceHint: 'A new image replaces the current one.',
    galleryHint: 'New images are added after the current gallery.',
    featured: featured && current(featured, 'featured image', setFeatured),
    banner: banner && current(banner, 'banner image', setBanner),
    gallery: (
      <ProjectGalleryOrder
        images={gallery}
        onReorder={setGallery}
        altField={(image, n) => altField(image, `gallery image ${n}`)}
        onRemove={(image) => {
          removeStored(image)
          setGallery((images) => images.filter((p) => p !== image))
        }}
      />
    ),
  }

  /** The gallery shown and stored, once every removal still on its way has landed. */
  async function settledGallery() {
    await Promise.allSettled([...removals.current])
    return { shown: gallery, stored: storedGallery.current }
  }

  return { slots, settledGallery, altField }
}
