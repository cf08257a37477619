import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language } from '../../../shared/types.js'
import { Field } from '../kit/admin-form.js'
import { loadRecord } from '../kit/load.js'
import type { SubmitState } from '../kit/use-submit.js'
import { MESSAGES } from '../../../shared/messages.js'

interface LanguageFieldsProps {
  submit: SubmitState
  defaultName?: string
  defaultCode?: string
  /** The base language's code cannot change (the server refuses it). */
  codeLocked?: boolean
}

/** Name and code of a language, as add and edit use them. */
export function LanguageFields({ submit, defaultName, defaultCode, codeLocked = false }: LanguageFieldsProps) {
  return (
    <>
      <Field submit={submit} name="name" label="Name" hint="As the language calls itself, e.g. Español.">
        {(control) => <input {...control} defaultValue={defaultName} required maxLength={60} autoComplete="off" />}
      </Field>
      <Field
        submit={submit}
        name="code"
        label="Code"
        hint={
          codeLocked
            ? 'The code of the base language cannot change.'
            : 'Two or three letters, optionally a region: es, sv, pt-br.'
        }
      >
        {(control) => (
          <input
            {...control}
            defaultValue={defaultCode}
            required
            readOnly={codeLocked}
            maxLength={12}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
    </>
  )
}

/** A language's code, marked when it is the base language. */
export const LanguageCode = ({ code }: { code: string }) => (
  <>
    <code>{code}</code>
    {code === BASE_LANGUAGE && <span className="admin-muted"> (base language)</span>}
  </>
)

/** One language, for its detail and edit screens. */
export const loadLanguage = (id: string) =>
  loadRecord<Language>(`/get-language/${id}`, 'language', MESSAGES.fetchLanguageDetails)
