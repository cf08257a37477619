import { confirmUnreviewed, unreviewedLabels } from '../../lib/unreviewed.js'
import { useState } from 'react'
import type { Language, Project } from '../../../../shared/types.js'
import { AdminForm } from '../../kit/admin-form.js'
import type { Status } from '../status-message.js'
import { useSubmit, type DescribeError } from '../../kit/use-submit.js'
import { newAmenityRow, ProjectAmenitiesEditor, uploadAmenityImages, type AmenityRow } from './amenities-editor.js'
import { DetailsFieldset } from './details-fieldset.js'
import { GalleryTextFieldset } from './gallery-text-fieldset.js'
import { ImagesFieldset } from './images-fieldset.js'
import { SlugField } from './slug-field.js'
import { useInheritedImages } from './inherited-images.js'
import { buildProjectFormData, checkProjectForm, type ProjectFormMode } from './project-form-data.js'
import { useStoredImages } from './stored-images.js'
import { TranslationFieldset } from './translation-fieldset.js'
import { describe } from '../../../lib/seo.js'
import { SeoFieldset } from '../seo-fieldset.js'

interface ProjectFormProps {
  mode: ProjectFormMode
  /** update: the project being edited; translate: the original being translated. */
  project?: Project
  /** add: every language (the Language select); translate: the languages it may be translated into. */
  languages: Language[]
  submitLabel: string
  describeError: DescribeError
  /** A message the form opens with: the outcome of the save that remounted it. */
  initialStatus?: Status | null
  /** Shows 'Save draft' beside the submit button; the form then carries saveAs=draft. */
  draft?: boolean
  /** The record's version as it was read: sent with the save, so a stale one is refused (409). */
  version?: number | undefined
  /** Sends the finished multipart form; throws (ApiError) on failure; may answer a success message. */
  send: (form: FormData, onProgress: (fraction: number) => void) => Promise<string | void>
}

/**
 * The project form of add, update and translate (SPEC 2). Text inputs are uncontrolled, so
 * nothing typed is lost when a submit fails; amenities, stored images and the gallery order are
 * state. The rules of what is sent live in project-form-data.ts.
 */
export function ProjectForm(props: ProjectFormProps) {
  const { mode, project, languages, submitLabel, describeError, initialStatus, send, draft, version } = props
  const submit = useSubmit(describeError, initialStatus)
  const [rows, setRows] = useState<AmenityRow[]>(() =>
    project && project.amenities.length > 0
      ? project.amenities.map(newAmenityRow)
      : mode === 'add'
        ? [newAmenityRow()]
        : [],
  )
  const stored = useStoredImages(project)
  const inherited = useInheritedImages(project)

  async function save(data: FormData) {
    const publishes = !(draft && data.get('saveAs') === 'draft')
    if (mode === 'update' && publishes && !confirmUnreviewed(unreviewedLabels('project', project))) return
    const checked = checkProjectForm(mode, data, project)
    if (!checked.ok) {
      if ('alert' in checked) window.alert(checked.alert)
      else submit.fail(checked.message, checked.field)
      return
    }
    await submit.run(async (onProgress) => {
      // Amenity images go up first; their paths are saved with the project (SPEC 4).
      const uploaded = await uploadAmenityImages(rows)
      setRows(uploaded)
      const form = buildProjectFormData({
        mode,
        ...checked,
        data,
        amenities: uploaded,
        source: project,
        gallery: mode === 'update' ? await stored.settledGallery() : undefined,
        dropped: inherited.dropped,
      })
      if (draft && data.get('saveAs') === 'draft') form.append('saveAs', 'draft')
      if (version !== undefined) form.append('version', String(version))
      onProgress(0)
      return send(form, onProgress)
    })
  }

  return (
    <AdminForm
      submit={submit}
      submitLabel={submitLabel}
      onSubmit={save}
      className="admin-form project-form"
      drafts={draft ? { language: mode === 'update' ? project?.language : undefined } : undefined}
    >
      {mode === 'translate' && project && (
        <TranslationFieldset submit={submit} originalSlug={project.slug} languages={languages} />
      )}
      <DetailsFieldset submit={submit} project={project} languages={mode === 'add' ? languages : undefined}>
        {mode === 'update' && project && <SlugField submit={submit} slug={project.slug} />}
      </DetailsFieldset>
      <ImagesFieldset slots={mode === 'update' ? stored.slots : mode === 'translate' ? inherited.slots : {}} />
      <GalleryTextFieldset submit={submit} project={project} />
      {mode === 'update' && project && (
        <SeoFieldset
          submit={submit}
          lang={project.language}
          seo={project}
          fallback={{ title: project.title, description: describe(project.description || project.title) }}
          path={`/project/${project.slug}`}
          picture={project.featuredImage}
        />
      )}
      <fieldset className="admin-card project-section">
        <legend>Amenities</legend>
        {mode === 'add' && <p className="admin-hint">Only amenities with an image are saved.</p>}
        <ProjectAmenitiesEditor
          rows={rows}
          onChange={setRows}
          altField={mode === 'update' ? (image, n) => stored.altField(image, `image of amenity ${n}`) : undefined}
        />
      </fieldset>
    </AdminForm>
  )
}
