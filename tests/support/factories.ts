import { blob, jpeg } from './images.js'

export interface ProjectFormOptions {
  fields?: Record<string, string>
  featured?: boolean
  banner?: boolean
  gallery?: number
}

/** The multipart body the admin's add-project screen sends (SPEC 7). */
export async function projectForm({
  fields = {},
  featured = true,
  banner = false,
  gallery = 0,
}: ProjectFormOptions = {}) {
  const form = new FormData()
  const defaults = {
    title: 'Villa Test, Marbella',
    description: 'A test villa.',
    status: 'Completed 2024',
    space: '500 m²',
    isShow: 'false',
    beds: '4',
    baths: '3',
    language: 'en',
    amenities: '[]',
  }
  for (const [key, value] of Object.entries({ ...defaults, ...fields })) form.append(key, value)
  if (featured) form.append('featuredImage', blob(await jpeg()), 'featured.jpg')
  if (banner) form.append('galleryBannerImage', blob(await jpeg()), 'banner.jpg')
  for (let i = 0; i < gallery; i++) form.append('galleryImages', blob(await jpeg(800 + i, 600)), `g${i}.jpg`)
  return form
}

export function fieldsForm(fields: Record<string, string>, files: Record<string, Buffer[]> = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const [key, buffers] of Object.entries(files)) {
    for (const [i, buffer] of buffers.entries()) form.append(key, blob(buffer), `${key}-${i}.bin`)
  }
  return form
}
