import { AdminForm, Field } from './admin-form.js'
import type { SubmitState } from './use-submit.js'

interface CsvImportFormProps {
  submit: SubmitState
  submitLabel: string
  /** What a line of the file holds, and what the import does with it. */
  hint: string
  onSubmit: (data: FormData) => void | Promise<void>
}

/** A form that uploads one CSV file (redirects, a glossary's terms), sent as `file`. */
export function CsvImportForm({ submit, submitLabel, hint, onSubmit }: CsvImportFormProps) {
  return (
    <AdminForm submit={submit} submitLabel={submitLabel} onSubmit={onSubmit}>
      <Field submit={submit} name="file" label="CSV file" hint={hint}>
        {(control) => <input {...control} type="file" accept=".csv,text/csv,text/plain" />}
      </Field>
    </AdminForm>
  )
}
