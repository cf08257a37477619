import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { languageInputSchema } from '../../../shared/schemas/language.schema.js'
import { LanguageFields } from '../components/language-fields.js'
import { fieldOf, focusField, StatusMessage, type Status } from '../components/status-message.js'
import { api, messageOf } from '../lib/api.js'
import '../styles-content.css'

/** SPEC 2/5: name and code required; the server's message or 'Failed to add language'. */
export default function AddLanguage() {
  const navigate = useNavigate()
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [status, setStatus] = useState<Status | null>(null)
  const [invalidField, setInvalidField] = useState<string>()
  const [busy, setBusy] = useState(false)

  function fail(message: string, field?: string) {
    setStatus({ kind: 'error', message })
    setInvalidField(field)
    focusField(formRef.current, field)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = languageInputSchema.safeParse({ name: form.get('name'), code: form.get('code') })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return fail(issue?.message ?? 'Failed to add language', issue?.path[0]?.toString())
    }
    setBusy(true)
    setStatus(null)
    setInvalidField(undefined)
    try {
      await api('/add-language', { method: 'POST', json: parsed.data })
      navigate('/admin/languages')
    } catch (error) {
      fail(messageOf(error, 'Failed to add language'), fieldOf(error))
      setBusy(false)
    }
  }

  return (
    <>
      <h1>Add Language</h1>
      <form ref={formRef} className="admin-card admin-form" onSubmit={submit} noValidate>
        <LanguageFields invalidField={invalidField} errorId={errorId} />
        <div id={errorId}>
          <StatusMessage status={status} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={busy}>
            Add Language
          </button>
        </div>
      </form>
    </>
  )
}
