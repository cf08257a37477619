import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { addProjectSchema, updateProjectSchema } from '../../../shared/schemas/project.schema.js'
import type { Language, Project } from '../../../shared/types.js'
import { api, ApiError, messageOf } from '../lib/api.js'
import { ImagePicker } from './image-picker.js'
import {
  newAmenityRow,
  ProjectAmenitiesEditor,
  uploadAmenityImages,
  type AmenityRow,
} from './project-amenities-editor.js'
import { ProjectGalleryOrder } from './project-gallery-order.js'
import { ProjectThumb } from './project-thumb.js'

export type ProjectFormMode = 'add' | 'update' | 'translate'

export const SAME_SLUG_ALERT = "Project slug shouldn't be same"

interface ProjectFormProps {
  mode: ProjectFormMode
  /** update: the project being edited; translate: the original being translated. */
  project?: Project
  /** add: every language (the Language select); translate: the languages it may be translated into. */
  languages: Language[]
  submitLabel: string
  /** SPEC 8: shown when the server gives no usable message. */
  failureMessage: string
  /** Sends the finished multipart form; throws (ApiError) on failure. */
  send: (form: FormData, onProgress: (fraction: number) => void) => Promise<void>
}

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

/** Roughly what the server's slugify makes of a typed slug ("Villa Sol Nerja" -> "villa-sol-nerja"). */
const slugish = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** Files chosen in a file input; an empty input gives one nameless empty File. */
const chosenFiles = (data: FormData, name: string) =>
  data.getAll(name).filter((value): value is File => value instanceof File && value.name !== '')

/**
 * The project form shared by add, update and translate (SPEC 2). Text inputs are uncontrolled so
 * nothing typed is lost when a submit fails; amenities, stored images and the gallery order are state.
 */
export function ProjectForm({ mode, project, languages, submitLabel, failureMessage, send }: ProjectFormProps) {
  const id = useId()
  const [rows, setRows] = useState<AmenityRow[]>(() =>
    project && project.amenities.length > 0
      ? project.amenities.map(newAmenityRow)
      : mode === 'add'
        ? [newAmenityRow()]
        : [],
  )
  // update: the stored images as shown (Remove takes one off at once).
  const [featured, setFeatured] = useState(project?.featuredImage ?? null)
  const [banner, setBanner] = useState(project?.galleryBannerImage ?? null)
  const [gallery, setGallery] = useState<string[]>(project?.galleryImages ?? [])
  const storedGallery = useRef<string[]>(project?.galleryImages ?? [])
  const removals = useRef(new Set<Promise<unknown>>())
  // translate: the original's images the admin unticked.
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)

  const errorId = `${id}-error`
  const fieldProps = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': invalid === name || undefined,
    'aria-errormessage': invalid === name ? errorId : undefined,
  })

  function removeStored(image: string) {
    if (!project) return
    const call = api<{ project: Project }>('/remove-image', {
      method: 'POST',
      json: { projectId: project._id, imageName: image },
    })
      .then(({ project: changed }) => {
        storedGallery.current = changed.galleryImages
      })
      .catch((e: unknown) => console.error('Image removal failed', e))
      .finally(() => removals.current.delete(call))
    removals.current.add(call)
  }

  function toggleKept(image: string, keep: boolean) {
    setDropped((current) => {
      const next = new Set(current)
      if (keep) next.delete(image)
      else next.add(image)
      return next
    })
  }

  function fail(message: string, field?: string) {
    setError(message)
    setInvalid(field ?? null)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const element = event.currentTarget
    const data = new FormData(element)
    const text = (name: string) => String(data.get(name) ?? '')
    const fields: Record<string, string> = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)]))
    fields.isShow = data.get('isShow') ? 'true' : 'false'

    let translatedSlug = ''
    if (mode === 'add') fields.language = text('language') || BASE_LANGUAGE
    if (mode === 'translate') {
      translatedSlug = text('translatedSlug').trim()
      if (project && translatedSlug && (translatedSlug === project.slug || slugish(translatedSlug) === project.slug)) {
        window.alert(SAME_SLUG_ALERT)
        return
      }
      fields.language = text('language')
      if (!fields.language) {
        fail('Translation Language is required', 'language')
        element.querySelector<HTMLElement>('[name="language"]')?.focus()
        return
      }
    }

    const parsed = (mode === 'update' ? updateProjectSchema : addProjectSchema).safeParse(fields)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined
      fail(issue?.message ?? failureMessage, field)
      if (field) element.querySelector<HTMLElement>(`[name="${field}"]`)?.focus()
      return
    }

    setBusy(true)
    setError('')
    setInvalid(null)
    setProgress(null)
    try {
      // Amenity images go up first; their paths are saved with the project (SPEC 4).
      const uploaded = await uploadAmenityImages(rows)
      setRows(uploaded)
      const amenities = uploaded
        .filter((row) => (mode === 'add' ? row.image : row.image || row.title.trim()))
        .map((row) => ({ title: row.title.trim(), image: row.image }))

      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      form.append('amenities', JSON.stringify(amenities))
      for (const file of chosenFiles(data, 'galleryImages')) form.append('galleryImages', file)
      const [featuredFile] = chosenFiles(data, 'featuredImage')
      if (featuredFile) form.append('featuredImage', featuredFile)
      const [bannerFile] = chosenFiles(data, 'galleryBannerImage')
      if (bannerFile) form.append('galleryBannerImage', bannerFile)

      if (mode === 'update') {
        // Removals still on their way must land first, or the order would name a removed image.
        await Promise.allSettled([...removals.current])
        const stored = storedGallery.current
        const order = [...gallery.filter((p) => stored.includes(p)), ...stored.filter((p) => !gallery.includes(p))]
        if (order.some((p, i) => p !== stored[i])) form.append('galleryOrder', JSON.stringify(order))
      }
      if (mode === 'translate' && project) {
        form.append('translate', 'true')
        form.append('parentId', project._id)
        if (translatedSlug) form.append('translatedSlug', translatedSlug)
        form.append('removeImages', JSON.stringify([...dropped]))
      }

      setProgress(0)
      await send(form, setProgress)
    } catch (e) {
      fail(messageOf(e, failureMessage), e instanceof ApiError ? e.field : undefined)
    } finally {
      setBusy(false)
      setProgress(null)
    }
  }

  const inherited = (image: string | null, label: string, alt: string) =>
    image && (
      <figure className="project-current">
        <ProjectThumb path={image} alt={alt} />
        <figcaption>
          <label className="admin-check">
            <input
              type="checkbox"
              checked={!dropped.has(image)}
              onChange={(e) => toggleKept(image, e.currentTarget.checked)}
            />
            {label}
          </label>
        </figcaption>
      </figure>
    )

  const current = (image: string | null, what: string, onRemove: () => void) =>
    image && (
      <figure className="project-current">
        <ProjectThumb path={image} alt={`Current ${what}`} />
        <figcaption>
          <span>Current {what}</span>
          <button type="button" className="admin-button admin-button--quiet project-small-button" onClick={onRemove}>
            Remove<span className="visually-hidden"> {what}</span>
          </button>
        </figcaption>
      </figure>
    )

  const replaceHint =
    mode === 'update'
      ? 'A new image replaces the current one.'
      : "A new image replaces the original's in this translation."

  const hint = (name: string, children: ReactNode) => (
    <p className="project-hint" id={`${id}-${name}-hint`}>
      {children}
    </p>
  )

  return (
    <>
      <form
        className="admin-form project-form"
        onSubmit={submit}
        noValidate
        onChange={(event) => {
          // Editing the field at fault clears its error.
          if (invalid && (event.target as unknown as HTMLInputElement).name === invalid) fail('')
        }}
      >
        {mode === 'translate' && project && (
          <fieldset className="admin-card project-section">
            <legend>Translation</legend>
            <div className="admin-field">
              <label htmlFor={`${id}-language`}>Translation Language</label>
              <select {...fieldProps('language')} defaultValue="" required>
                <option value="" disabled>
                  Choose a language
                </option>
                {languages.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name} ({language.code})
                  </option>
                ))}
              </select>
              {languages.length === 0 &&
                hint('language', 'This project already has a version in every language. Add a language first.')}
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-translatedSlug`}>Translated Slug</label>
              <input
                {...fieldProps('translatedSlug')}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${id}-translatedSlug-hint`}
              />
              {hint(
                'translatedSlug',
                <>
                  The web address of the translation, e.g. <code>{project.slug}-es</code>. It must differ from the
                  original's slug, <code>{project.slug}</code>. Leave it empty to make one from the title.
                </>,
              )}
            </div>
          </fieldset>
        )}

        <fieldset className="admin-card project-section">
          <legend>Project details</legend>
          <div className="admin-field">
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              {...fieldProps('title')}
              defaultValue={project?.title ?? ''}
              required
              maxLength={200}
              aria-describedby={`${id}-title-hint`}
            />
            {hint('title', "Required. The project's location title, e.g. “Villa Sol, Nerja”.")}
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea
              {...fieldProps('description')}
              defaultValue={project?.description ?? ''}
              maxLength={10000}
              rows={5}
            />
          </div>
          <div className="project-pair">
            <div className="admin-field">
              <label htmlFor={`${id}-status`}>Status</label>
              <input
                {...fieldProps('status')}
                defaultValue={project?.status ?? ''}
                maxLength={200}
                aria-describedby={`${id}-status-hint`}
              />
              {hint('status', 'e.g. “Completed 2024”. Shown under Location in the projects list.')}
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-space`}>Space</label>
              <input
                {...fieldProps('space')}
                defaultValue={project?.space ?? ''}
                maxLength={100}
                aria-describedby={`${id}-space-hint`}
              />
              {hint('space', 'e.g. “450 m²”.')}
            </div>
          </div>
          <div className="project-pair">
            <div className="admin-field">
              <label htmlFor={`${id}-beds`}>Beds</label>
              <input
                {...fieldProps('beds')}
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                step={1}
                defaultValue={project?.beds ?? ''}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-baths`}>Baths</label>
              <input
                {...fieldProps('baths')}
                type="number"
                inputMode="numeric"
                min={0}
                max={1000}
                step={1}
                defaultValue={project?.baths ?? ''}
              />
            </div>
          </div>
          <label className="admin-check">
            <input type="checkbox" name="isShow" value="true" defaultChecked={project?.isShow ?? false} />
            Show as Comming Soon
          </label>
          {mode === 'add' && (
            <div className="admin-field">
              <label htmlFor={`${id}-language`}>Language</label>
              <select {...fieldProps('language')} defaultValue={BASE_LANGUAGE}>
                {(languages.some((l) => l.code === BASE_LANGUAGE)
                  ? languages
                  : [{ _id: '', code: BASE_LANGUAGE, name: 'English' }, ...languages]
                ).map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name} ({language.code})
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>

        <fieldset className="admin-card project-section">
          <legend>Images</legend>
          <div className="project-image-field">
            <ImagePicker label="Featured Image" name="featuredImage" />
            {mode === 'update' &&
              current(featured, 'featured image', () => {
                removeStored(featured!)
                setFeatured(null)
              })}
            {mode === 'translate' &&
              inherited(project?.featuredImage ?? null, 'Keep featured image', 'Featured image of the original')}
            {mode !== 'add' && hint('featuredImage', replaceHint)}
          </div>
          <div className="project-image-field">
            <ImagePicker label="Banner Image" name="galleryBannerImage" />
            {mode === 'update' &&
              current(banner, 'banner image', () => {
                removeStored(banner!)
                setBanner(null)
              })}
            {mode === 'translate' &&
              inherited(project?.galleryBannerImage ?? null, 'Keep banner image', 'Banner image of the original')}
            {mode !== 'add' && hint('galleryBannerImage', replaceHint)}
          </div>
          <div className="project-image-field">
            <ImagePicker label="Gallery Images" name="galleryImages" multiple />
            {mode !== 'add' &&
              hint(
                'galleryImages',
                mode === 'update'
                  ? 'New images are added after the current gallery.'
                  : "New images are added after the original's.",
              )}
            {mode === 'update' && (
              <ProjectGalleryOrder
                images={gallery}
                onReorder={setGallery}
                onRemove={(image) => {
                  removeStored(image)
                  setGallery((images) => images.filter((p) => p !== image))
                }}
              />
            )}
            {mode === 'translate' && project && project.galleryImages.length > 0 && (
              <div>
                <p className="project-hint">Untick the original's gallery images this translation should not show.</p>
                <ul className="project-inherited">
                  {project.galleryImages.map((image, index) => (
                    <li key={image}>
                      {inherited(
                        image,
                        `Keep gallery image ${index + 1}`,
                        `Gallery image ${index + 1} of the original`,
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </fieldset>

        <fieldset className="admin-card project-section">
          <legend>Gallery text</legend>
          <div className="admin-field">
            <label htmlFor={`${id}-galleryTitle1`}>Gallery Title 1</label>
            <input {...fieldProps('galleryTitle1')} defaultValue={project?.galleryTitle1 ?? ''} maxLength={300} />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-galleryDesc1`}>Gallery Description 1</label>
            <textarea
              {...fieldProps('galleryDesc1')}
              defaultValue={project?.galleryDesc1 ?? ''}
              maxLength={5000}
              rows={4}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-galleryTitle2`}>Gallery Title 2</label>
            <input {...fieldProps('galleryTitle2')} defaultValue={project?.galleryTitle2 ?? ''} maxLength={300} />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-galleryDesc2`}>Gallery Description 2</label>
            <textarea
              {...fieldProps('galleryDesc2')}
              defaultValue={project?.galleryDesc2 ?? ''}
              maxLength={5000}
              rows={4}
            />
          </div>
        </fieldset>

        <fieldset className="admin-card project-section">
          <legend>Amenities</legend>
          {mode === 'add' && <p className="project-hint">Only amenities with an image are saved.</p>}
          <ProjectAmenitiesEditor rows={rows} onChange={setRows} />
        </fieldset>

        <div className="project-submit">
          <button type="submit" className="admin-button" disabled={busy}>
            {submitLabel}
          </button>
          {busy && (
            <div className="project-progress">
              <progress aria-label="Upload progress" max={1} {...(progress === null ? {} : { value: progress })} />
              <span aria-hidden="true">{progress === null ? 'Preparing…' : `${Math.round(progress * 100)}%`}</span>
            </div>
          )}
        </div>
      </form>
      {error && (
        <p className="admin-error project-form-error" role="alert" id={errorId}>
          {error}
        </p>
      )}
    </>
  )
}
