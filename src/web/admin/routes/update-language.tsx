import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { languageInputSchema } from '../../../shared/schemas/language.schema.js'
import type { Language } from '../../../shared/types.js'
import { LanguageFields } from '../components/language-fields.js'
import {
  failure,
  fieldOf,
  focusField,
  LoadError,
  loadFailure,
  type Status,
  StatusMessage,
  unwrap,
} from '../components/status-message.js'
import { api } from '../lib/api.js'
import '../styles-content.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  try {
    const language = unwrap(
      await api<Language | { language: Language }>(`/get-language/${params.id ?? ''}`),
      'language',
    )
    return { language, error: null }
  } catch (error) {
    return { language: null, error: loadFailure(error, 'Failed to fetch language details') }
  }
}

/** SPEC 2: name and code; 'Update language'. */
export default function UpdateLanguage() {
  const { language, error } = useLoaderData<typeof clientLoader>()
  return language ? (
    <UpdateLanguageForm key={language._id} initial={language} />
  ) : (
    <>
      <h1>Edit Language</h1>
      {error && <LoadError {...error} />}
    </>
  )
}

function UpdateLanguageForm({ initial }: { initial: Language }) {
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [language, setLanguage] = useState(initial)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [busy, setBusy] = useState(false)

  function fail(next: Status, field?: string) {
    setStatus(next)
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = languageInputSchema.safeParse({ name: form.get('name'), code: form.get('code') })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail({ kind: 'error', message: issue?.message ?? 'Failed to update Language' }, issue?.path[0]?.toString())
    }
    setBusy(true)
    setStatus(null)
    setInvalidField(undefined)
    try {
      const answer = await api<{ language: Language }>(`/update-language/${language._id}`, {
        method: 'PUT',
        json: parsed.data,
      })
      setLanguage(answer.language)
      setStatus({ kind: 'success', message: 'Language updated successfully!' })
    } catch (error) {
      fail(failure(error, 'Failed to update Language'), fieldOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1>Edit Language</h1>
      <p className="admin-muted">
        {language.name} ({language.code}) · <Link to={`/admin/language/${language._id}`}>View Details</Link>
      </p>
      <form ref={formRef} className="admin-card admin-form" onSubmit={submit} noValidate>
        <LanguageFields
          defaultName={language.name}
          defaultCode={language.code}
          codeLocked={language.code === 'en'}
          invalidField={invalidField}
          errorId={errorId}
        />
        {language.code !== 'en' && (
          <p className="admin-hint">
            Changing the code also renames it on every project, review and translation page in this language.
          </p>
        )}
        <div id={errorId}>
          <StatusMessage status={status} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={busy}>
            Update language
          </button>
        </div>
      </form>
    </>
  )
}
