import { useId, type ChangeEvent } from 'react'
import type { Language } from '../../../shared/types.js'

interface LanguageSelectProps {
  label: string
  languages: Language[]
  name?: string
  value?: string
  defaultValue?: string
  required?: boolean
  /** Text of an empty first option (value ""), e.g. 'Select language'. */
  placeholder?: string
  hint?: string
  onChange?: (code: string) => void
}

/** A labelled drop-down of languages, shown as "Name (code)". */
export function LanguageSelect({
  label,
  languages,
  name,
  value,
  defaultValue,
  required,
  placeholder,
  hint,
  onChange,
}: LanguageSelectProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      <select
        id={id}
        name={name}
        value={value}
        defaultValue={defaultValue}
        required={required}
        aria-describedby={hint ? hintId : undefined}
        onChange={onChange ? (event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value) : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name} ({language.code})
          </option>
        ))}
      </select>
    </div>
  )
}

/** "Español (es)" for a code, or the code itself when the language is unknown. */
export function languageLabel(languages: Language[], code: string) {
  const language = languages.find((l) => l.code === code)
  return language ? `${language.name} (${code})` : code
}
