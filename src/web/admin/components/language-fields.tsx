import { useId } from 'react'

interface LanguageFieldsProps {
  defaultName?: string
  defaultCode?: string
  /** The base language's code cannot change (the server refuses it). */
  codeLocked?: boolean
  invalidField?: string | undefined
  errorId?: string
}

/** Name and code of a language, as add and edit use them. */
export function LanguageFields({
  defaultName,
  defaultCode,
  codeLocked = false,
  invalidField,
  errorId,
}: LanguageFieldsProps) {
  const id = useId()
  const invalid = (field: string) =>
    invalidField === field
      ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-${field}-hint ${errorId ?? ''}`.trim() } as const)
      : {}
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <p id={`${id}-name-hint`} className="admin-hint">
          As the language calls itself, e.g. Español.
        </p>
        <input
          id={`${id}-name`}
          name="name"
          defaultValue={defaultName}
          required
          maxLength={60}
          autoComplete="off"
          aria-describedby={`${id}-name-hint`}
          {...invalid('name')}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-code`}>Code</label>
        <p id={`${id}-code-hint`} className="admin-hint">
          {codeLocked
            ? 'The code of the base language cannot change.'
            : 'Two or three letters, optionally a region: es, sv, pt-br.'}
        </p>
        <input
          id={`${id}-code`}
          name="code"
          defaultValue={defaultCode}
          required
          readOnly={codeLocked}
          maxLength={12}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${id}-code-hint`}
          {...invalid('code')}
        />
      </div>
    </>
  )
}
