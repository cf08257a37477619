import { useState } from 'react'
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import type { Language } from '../../../shared/types.js'
import { LoadError, loadFailure, type Status, StatusMessage, unwrap } from '../components/status-message.js'
import { api, ApiError } from '../lib/api.js'
import { confirmDelete } from '../lib/confirm.js'
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

/** SPEC 2: the language with Delete (refused while in use: the server says why) and Edit. */
export default function LanguageDetail() {
  const { language, error } = useLoaderData<typeof clientLoader>()
  const navigate = useNavigate()
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)

  if (!language) {
    return (
      <>
        <h1>Language Details</h1>
        {error && <LoadError {...error} />}
        <p>
          <Link to="/admin/languages">All languages</Link>
        </p>
      </>
    )
  }

  async function remove() {
    if (!language || !confirmDelete(`the language ${language.name} (${language.code})`)) return
    setBusy(true)
    setStatus(null)
    try {
      await api(`/delete-language/${language._id}`, { method: 'DELETE' })
      navigate('/admin/languages')
    } catch (e) {
      // 409: the base language, or a language still in use; the server names what uses it.
      const message = e instanceof ApiError && e.status === 409 ? e.message : 'Failed to delete the language'
      setStatus({ kind: 'error', message })
      setBusy(false)
    }
  }

  return (
    <>
      <h1>Language Details</h1>
      <article className="admin-card">
        <dl className="admin-details">
          <div>
            <dt>Name</dt>
            <dd>{language.name}</dd>
          </div>
          <div>
            <dt>Code</dt>
            <dd>
              <code>{language.code}</code>
              {language.code === 'en' && <span className="admin-muted"> (base language)</span>}
            </dd>
          </div>
        </dl>
      </article>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--danger" onClick={remove} disabled={busy}>
          Delete
        </button>
        <Link className="admin-button admin-button--quiet" to={`/admin/update-language/${language._id}`}>
          Edit
        </Link>
      </div>
      <StatusMessage status={status} />
    </>
  )
}
