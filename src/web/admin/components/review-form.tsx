import { Field } from '../kit/admin-form.js'
import type { SubmitState } from '../kit/use-submit.js'
import { imageAltsOf } from './image-alt-form.js'

interface ReviewFieldsProps {
  submit: SubmitState
  defaultTitle?: string
  defaultDescription?: string
}

/** Title and description of a review, as add, edit and translate all use them (both required). */
export function ReviewFields({ submit, defaultTitle, defaultDescription }: ReviewFieldsProps) {
  return (
    <>
      <Field submit={submit} name="title" label="Title">
        {(control) => <input {...control} defaultValue={defaultTitle} required maxLength={200} autoComplete="off" />}
      </Field>
      <Field submit={submit} name="description" label="Description">
        {(control) => <textarea {...control} defaultValue={defaultDescription} required maxLength={5000} rows={6} />}
      </Field>
    </>
  )
}

/** The file a file input holds, or undefined when none was chosen (an empty input sends a nameless File). */
export function chosenFile(data: FormData, name: string): File | undefined {
  const value = data.get(name)
  return value instanceof File && value.size > 0 ? value : undefined
}

/** The multipart body of add-review or update-review: the checked text, the chosen image, and any extra fields. */
export function reviewForm(
  input: { title: string; description: string },
  data: FormData,
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries({ ...extra, title: input.title, description: input.description })) {
    form.set(name, value)
  }
  // 'Save draft' was pressed: saved as a draft, the published version untouched (issue 22).
  if (data.get('saveAs') === 'draft') form.set('saveAs', 'draft')
  const image = chosenFile(data, 'featuredImage')
  if (image) form.set('featuredImage', image)
  // Search and social (decision 112): only when its fieldset was open; a missing field keeps its value.
  if (data.has('seoTitle')) {
    form.set('seoTitle', String(data.get('seoTitle')))
    form.set('seoDescription', String(data.get('seoDescription') ?? ''))
    form.set('noindex', data.getAll('noindex').includes('true') ? 'true' : 'false')
  }
  // The featured image's alt text (decision 115), when the form shows it.
  const alts = imageAltsOf(data)
  if (alts) form.set('imageAlts', JSON.stringify(alts))
  const ogImage = chosenFile(data, 'ogImage')
  if (ogImage) form.set('ogImage', ogImage)
  return form
}
