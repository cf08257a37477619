import type { ReactNode } from 'react'
import { BASE_LANGUAGE } from '../../../../shared/constants.js'
import type { Language, Project } from '../../../../shared/types.js'
import { Field } from '../../kit/admin-form.js'
import type { SubmitState } from '../../kit/use-submit.js'

interface DetailsFieldsetProps {
  submit: SubmitState
  /** The project the form starts from, if any. */
  project: Project | undefined
  /** add: the Language select's choices; otherwise the language is not chosen here. */
  languages?: Language[] | undefined
  /** Fields shown after the title (update: the slug). */
  children?: ReactNode
}

/** SPEC 2: title (required), description, status, space, beds, baths, 'Show as Comming Soon'. */
export function DetailsFieldset({ submit, project, languages, children }: DetailsFieldsetProps) {
  const count = { type: 'number', inputMode: 'numeric', min: 0, max: 1000, step: 1 } as const
  return (
    <fieldset className="admin-card project-section">
      <legend>Project details</legend>
      <Field
        submit={submit}
        name="title"
        label="Title"
        hint="Required. The project's location title, e.g. “Villa Sol, Nerja”."
      >
        {(control) => <input {...control} defaultValue={project?.title ?? ''} required maxLength={200} />}
      </Field>
      {children}
      <Field submit={submit} name="description" label="Description">
        {(control) => <textarea {...control} defaultValue={project?.description ?? ''} maxLength={10000} rows={5} />}
      </Field>
      <div className="project-pair">
        <Field
          submit={submit}
          name="status"
          label="Status"
          hint="e.g. “Completed 2024”. Shown under Location in the projects list."
        >
          {(control) => <input {...control} defaultValue={project?.status ?? ''} maxLength={200} />}
        </Field>
        <Field submit={submit} name="space" label="Space" hint="e.g. “450 m²”.">
          {(control) => <input {...control} defaultValue={project?.space ?? ''} maxLength={100} />}
        </Field>
      </div>
      <div className="project-pair">
        <Field submit={submit} name="beds" label="Beds">
          {(control) => <input {...control} {...count} defaultValue={project?.beds ?? ''} />}
        </Field>
        <Field submit={submit} name="baths" label="Baths">
          {(control) => <input {...control} {...count} defaultValue={project?.baths ?? ''} />}
        </Field>
      </div>
      <label className="admin-check">
        <input type="checkbox" name="isShow" value="true" defaultChecked={project?.isShow ?? false} />
        Show as Comming Soon
      </label>
      {languages && (
        <Field submit={submit} name="language" label="Language">
          {(control) => (
            <select {...control} defaultValue={BASE_LANGUAGE}>
              {withBaseLanguage(languages).map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name} ({language.code})
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </fieldset>
  )
}

/** The base language is always a choice, even when the languages could not be loaded. */
const withBaseLanguage = (languages: Language[]): Language[] =>
  languages.some((l) => l.code === BASE_LANGUAGE)
    ? languages
    : [{ _id: '', code: BASE_LANGUAGE, name: 'English' }, ...languages]
