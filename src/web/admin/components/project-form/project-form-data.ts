import { BASE_LANGUAGE } from '../../../../shared/constants.js'
import {
  addProjectSchema,
  projectPublishSchema,
  updateProjectSchema,
} from '../../../../shared/schemas/project.schema.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { normalizeSlug, toSlug } from '../../../../shared/slug.js'
import type { Amenity } from '../../../../shared/types.js'
import { imageAltsOf } from '../image-alt-form.js'

// The project form's rules, apart from React: what the admin typed is checked with the shared
// schema, then turned into the multipart body of add-project or update-project (SPEC 7).

export type ProjectFormMode = 'add' | 'update' | 'translate'

/** SPEC 8: the alert when a translation would take its original's slug. */
export const SAME_SLUG_ALERT = MESSAGES.sameSlug

/** The project's text fields, sent as they are typed. */
const TEXT_FIELDS = [
  'title',
  'description',
  'status',
  'space',
  'beds',
  'baths',
  'galleryTitle1',
  'galleryDesc1',
  'galleryTitle2',
  'galleryDesc2',
] as const

/** The record a form starts from: the project being edited, or the original being translated. */
interface Source {
  _id: string
  slug: string
}

export type CheckedProjectForm =
  | { ok: true; fields: Record<string, string>; translatedSlug: string }
  /** SPEC 8: shown with window.alert, nothing else happens. */
  | { ok: false; alert: string }
  | { ok: false; message: string; field?: string | undefined }

/** The form's text fields checked in the browser, before anything is uploaded. */
export function checkProjectForm(mode: ProjectFormMode, data: FormData, source?: Source): CheckedProjectForm {
  const text = (name: string) => String(data.get(name) ?? '')
  const fields: Record<string, string> = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)]))
  fields.isShow = data.get('isShow') ? 'true' : 'false'

  // Search and social (decision 112): sent only when its fieldset was open (a missing field keeps its value).
  if (data.has('seoTitle')) {
    fields.seoTitle = text('seoTitle')
    fields.seoDescription = text('seoDescription')
    fields.noindex = data.getAll('noindex').includes('true') ? 'true' : 'false'
  }

  // Alt text per stored image (decision 115): the edit screen's inputs, named by image path.
  const alts = imageAltsOf(data)
  if (alts) fields.imageAlts = JSON.stringify(alts)

  let translatedSlug = ''
  if (mode === 'add') fields.language = text('language') || BASE_LANGUAGE
  // update: the slug goes only when it changed (a change moves the address; the old one redirects).
  if (mode === 'update' && data.has('slug')) {
    const slug = text('slug')
    if (!source || normalizeSlug(slug) !== source.slug) fields.slug = slug
  }
  if (mode === 'translate') {
    translatedSlug = text('translatedSlug').trim()
    if (source && translatedSlug && (translatedSlug === source.slug || toSlug(translatedSlug) === source.slug)) {
      return { ok: false, alert: SAME_SLUG_ALERT }
    }
    fields.language = text('language')
    if (!fields.language) return { ok: false, message: 'Translation Language is required', field: 'language' }
  }

  // The form holds every field, so the publishing rule is checked here too: a title is asked for
  // before anything is uploaded (the server checks again what a publishing save leaves).
  const schemas = mode === 'update' ? [updateProjectSchema, projectPublishSchema] : [addProjectSchema]
  for (const schema of schemas) {
    const parsed = schema.safeParse(fields)
    if (parsed.success) continue
    const issue = parsed.error.issues[0]
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined
    return { ok: false, message: issue?.message ?? 'Check the form', field }
  }
  return { ok: true, fields, translatedSlug }
}

export interface ProjectFormParts {
  mode: ProjectFormMode
  /** From checkProjectForm. */
  fields: Record<string, string>
  translatedSlug: string
  /** The form's own data: the chosen files. */
  data: FormData
  /** The amenity rows as edited, their new images already uploaded. */
  amenities: { title: string; image: string | null }[]
  source?: Source
  /** update: the gallery in the order shown, and as the server holds it now. */
  gallery?: { shown: string[]; stored: string[] }
  /** translate: the original's images the translation should not show. */
  dropped?: Iterable<string>
}

/** Files chosen in a file input; an empty input gives one nameless empty File. */
export const chosenFiles = (data: FormData, name: string) =>
  data.getAll(name).filter((value): value is File => value instanceof File && value.name !== '')

/**
 * The stored gallery in the order shown: the images shown, in their order, then any stored image
 * the screen does not know about (added meanwhile). Undefined when the order is unchanged.
 */
export function galleryOrder(shown: string[], stored: string[]): string[] | undefined {
  const order = [...shown.filter((p) => stored.includes(p)), ...stored.filter((p) => !shown.includes(p))]
  return order.some((p, i) => p !== stored[i]) ? order : undefined
}

/** The amenities to save: on add only those with an image (SPEC 4); otherwise any with an image or a title. */
export function amenitiesToSave(mode: ProjectFormMode, rows: ProjectFormParts['amenities']): Amenity[] {
  return rows
    .filter((row) => (mode === 'add' ? row.image : row.image || row.title.trim()))
    .map((row) => ({ title: row.title.trim(), image: row.image }))
}

/** The multipart body of add-project (add, translate) or update-project (update). */
export function buildProjectFormData(parts: ProjectFormParts): FormData {
  const { mode, fields, data, source } = parts
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('amenities', JSON.stringify(amenitiesToSave(mode, parts.amenities)))
  for (const file of chosenFiles(data, 'galleryImages')) form.append('galleryImages', file)
  for (const name of ['featuredImage', 'galleryBannerImage', 'ogImage']) {
    const [file] = chosenFiles(data, name)
    if (file) form.append(name, file)
  }
  if (mode === 'update' && parts.gallery) {
    const order = galleryOrder(parts.gallery.shown, parts.gallery.stored)
    if (order) form.append('galleryOrder', JSON.stringify(order))
  }
  if (mode === 'translate' && source) {
    form.append('translate', 'true')
    form.append('parentId', source._id)
    if (parts.translatedSlug) form.append('translatedSlug', parts.translatedSlug)
    form.append('removeImages', JSON.stringify([...(parts.dropped ?? [])]))
  }
  return form
}
