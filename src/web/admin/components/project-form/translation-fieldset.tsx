import type { Language } from '../../../../shared/types.js'
import { Field } from '../../kit/admin-form.js'
import { LanguageSelect } from '../language-select.js'
import type { SubmitState } from '../../kit/use-submit.js'

interface TranslationFieldsetProps {
  submit: SubmitState
  /** The original's slug, which the translation's must differ from. */
  originalSlug: string
  /** The languages the project has no version in yet (never en). */
  languages: Language[]
}

/** SPEC 2: the Translation Language (all languages except en) and the Translated Slug. */
export function TranslationFieldset({ submit, originalSlug, languages }: TranslationFieldsetProps) {
  return (
    <fieldset className="admin-card project-section">
      <legend>Translation</legend>
      <LanguageSelect
        submit={submit}
        name="language"
        label="Translation Language"
        languages={languages}
        placeholder="Choose a language"
        required
        hint={
          languages.length === 0
            ? 'This project already has a version in every language. Add a language first.'
            : undefined
        }
      />
      <Field
        submit={submit}
        name="translatedSlug"
        label="Translated Slug"
        hint={
          <>
            The web address of the translation, e.g. <code>{originalSlug}-es</code>. It must differ from the original's
            slug, <code>{originalSlug}</code>. Leave it empty to make one from the title.
          </>
        }
      >
        {(control) => <input {...control} maxLength={200} autoComplete="off" spellCheck={false} />}
      </Field>
    </fieldset>
  )
}
