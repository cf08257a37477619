import type { ReactNode } from 'react'
import { ImagePicker } from '../image-picker.js'

/** What a mode shows beside each picker: the images the project has now, and what a new one does. */
export interface ImageSlots {
  featured?: ReactNode
  banner?: ReactNode
  gallery?: ReactNode
  /** What a new featured or banner image does to the current one. */
  replaceHint?: string
  /** Where new gallery images go. */
  galleryHint?: string
}

/** SPEC 2: featured image, banner image and gallery images (multiple files), each with its current images. */
export function ImagesFieldset({ slots }: { slots: ImageSlots }) {
  return (
    <fieldset className="admin-card project-section">
      <legend>Images</legend>
      <div className="project-image-field">
        <ImagePicker label="Featured Image" name="featuredImage" hint={slots.replaceHint} />
        {slots.featured}
      </div>
      <div className="project-image-field">
        <ImagePicker label="Banner Image" name="galleryBannerImage" hint={slots.replaceHint} />
        {slots.banner}
      </div>
      <div className="project-image-field">
        <ImagePicker label="Gallery Images" name="galleryImages" multiple hint={slots.galleryHint} />
        {slots.gallery}
      </div>
    </fieldset>
  )
}
