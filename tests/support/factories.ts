import {
  buildProject,
  buildReview,
  formFields,
  type ProjectDraft,
  type ReviewDraft,
} from '../../src/server/seed/factories.js'
import { blob, jpeg } from './images.js'

// Multipart bodies for the API, built from the demo seed's own factories (src/server/seed/factories.ts),
// for the API tests over HTTP and the end-to-end tests alike.

export interface ProjectFormOptions {
  /** Overrides of the built project. */
  project?: Partial<ProjectDraft>
  /** Raw text fields sent as they are, after the project's: to send what no draft would (bad input). */
  fields?: Record<string, string>
  featured?: boolean
  banner?: boolean
  gallery?: number
}

/** The multipart body the admin's add-project screen sends (SPEC 7), with real JPEGs. */
export async function projectForm({
  project,
  fields = {},
  featured = true,
  banner = false,
  gallery = 0,
}: ProjectFormOptions = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...formFields(buildProject(project)), ...fields }))
    form.append(key, value)
  if (featured) form.append('featuredImage', blob(await jpeg()), 'featured.jpg')
  if (banner) form.append('galleryBannerImage', blob(await jpeg()), 'banner.jpg')
  for (let i = 0; i < gallery; i++) form.append('galleryImages', blob(await jpeg(800 + i, 600)), `g${i}.jpg`)
  return form
}

/** The multipart body of add-review: the built review and, unless left out, its featured image. */
export async function reviewForm(review: Partial<ReviewDraft> = {}, { image = true } = {}) {
  return fieldsForm(formFields(buildReview(review)), image ? { featuredImage: [await jpeg(640, 480)] } : {})
}

export function fieldsForm(fields: Record<string, string>, files: Record<string, Buffer[]> = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const [key, buffers] of Object.entries(files)) {
    for (const [i, buffer] of buffers.entries()) form.append(key, blob(buffer), `${key}-${i}.bin`)
  }
  return form
}
