import type { Language } from '../../../shared/types.js'
import { LanguageOptions } from '../kit/options.js'
import { Field } from '../kit/admin-form.js'
import type { SubmitState } from '../kit/use-submit.js'
import { translationLanguages, useMe } from '../lib/me.js'

interface LanguageSelectProps {
  label: string
  languages: Language[]
  submit?: SubmitState
  name?: string
  value?: string
  required?: boolean
  /** Text of an empty first option (value ""), e.g. 'Select language'. */
  placeholder?: string
  hint?: string | undefined
  onChange?: (code: string) => void
}

/** A labelled drop-down of languages, shown as "Name (code)". */
export function LanguageSelect({
  label,
  languages,
  submit,
  name,
  value,
  required,
  placeholder,
  hint,
  onChange,
}: LanguageSelectProps) {
  // A translator is offered only their languages (decision 088).
  const mine = translationLanguages(useMe())
  const offered = mine
    ? languages.filter((language) => mine.includes(language.code) || language.code === value)
    : languages
  return (
    <Field submit={submit} name={name} label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
          value={value}
          required={required}
          onChange={onChange && ((event) => onChange(event.currentTarget.value))}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          <LanguageOptions languages={offered} />
        </select>
      )}
    </Field>
  )
}
