import type { ReactNode } from 'react'
import type { Language } from '../../../shared/types.js'
import { languageText } from '../lib/language-names.js'

interface OptionsProps<T> {
  items: readonly T[]
  /** The option's value (and key). */
  value: (item: T) => string
  /** What the option shows. */
  label: (item: T) => ReactNode
}

/** A select's options, one for each item of a list (stages, owners, languages, projects). */
export function Options<T>({ items, value, label }: OptionsProps<T>) {
  return (
    <>
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  )
}

/** A language select's options: "Español (es)". */
export function LanguageOptions({ languages }: { languages: readonly Language[] }) {
  return <Options items={languages} value={(l) => l.code} label={languageText} />
}
