import { useState } from 'react'
import { normalizeSlug, projectPath } from '../../../../shared/slug.js'
import { Field } from '../../kit/admin-form.js'
import type { SubmitState } from '../../kit/use-submit.js'

interface SlugFieldProps {
  submit: SubmitState
  /** The record's current slug (of this language's record). */
  slug: string
}

/**
 * Issue 24: the slug of an original or a translation can be corrected. The hint shows the address
 * as the server will make it (transliterated), and says the old one keeps working.
 */
export function SlugField({ submit, slug }: SlugFieldProps) {
  const [typed, setTyped] = useState(slug)
  const next = normalizeSlug(typed)
  const changed = next !== '' && next !== slug
  return (
    <Field
      submit={submit}
      name="slug"
      label="Slug"
      hint={
        changed ? (
          <>
            New address: <code>{projectPath(next)}</code>. The old address, <code>{projectPath(slug)}</code>, will
            redirect to it.
          </>
        ) : (
          <>
            The page's address: <code>{projectPath(slug)}</code>. If you change it, the old address will redirect to the
            new one.
          </>
        )
      }
    >
      {(control) => (
        <input
          {...control}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  )
}
