import type { Project } from '../../../../shared/types.js'
import { Field } from '../../kit/admin-form.js'
import type { SubmitState } from '../../kit/use-submit.js'

/** SPEC 3: the titles and descriptions the project page shows above its gallery and its carousel. */
export function GalleryTextFieldset({ submit, project }: { submit: SubmitState; project: Project | undefined }) {
  return (
    <fieldset className="admin-card project-section">
      <legend>Gallery text</legend>
      {([1, 2] as const).map((n) => (
        <GalleryText
          key={n}
          submit={submit}
          n={n}
          title={project?.[`galleryTitle${n}`]}
          text={project?.[`galleryDesc${n}`]}
        />
      ))}
    </fieldset>
  )
}

function GalleryText({
  submit,
  n,
  title,
  text,
}: {
  submit: SubmitState
  n: 1 | 2
  title?: string | undefined
  text?: string | undefined
}) {
  return (
    <>
      <Field submit={submit} name={`galleryTitle${n}`} label={`Gallery Title ${n}`}>
        {(control) => <input {...control} defaultValue={title ?? ''} maxLength={300} />}
      </Field>
      <Field submit={submit} name={`galleryDesc${n}`} label={`Gallery Description ${n}`}>
        {(control) => <textarea {...control} defaultValue={text ?? ''} maxLength={5000} rows={4} />}
      </Field>
    </>
  )
}
