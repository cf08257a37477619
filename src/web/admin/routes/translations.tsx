import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLoaderData, useRevalidator } from 'react-router'
import { addTranslationPageSchema } from '../../../shared/schemas/translation-page.schema.js'
import type { TranslationPage } from '../../../shared/types.js'
import { LoadError, loadFailure, type Status, StatusMessage } from '../components/status-message.js'
import { sourceKeys, textsOf } from '../components/translation-keys.js'
import { api, messageOf } from '../lib/api.js'
import '../styles-content.css'

/** SPEC 9: the success message of a new translation page stays this long. */
const ADDED_MESSAGE_MS = 3000

export async function clientLoader() {
  try {
    return { pages: await api<TranslationPage[]>('/get-translations'), error: null }
  } catch (error) {
    return { pages: [] as TranslationPage[], error: loadFailure(error, 'Failed to fetch translation details') }
  }
}

/** SPEC 2: translation pages by slug with Edit links, and the 'Add New Translation Page' form. */
export default function Translations() {
  const { pages, error } = useLoaderData<typeof clientLoader>()
  const revalidator = useRevalidator()
  const slugId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [page, setPage] = useState('')
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)

  // SPEC 4/9: 'Translation page added successfully' clears after 3 seconds.
  useEffect(() => {
    if (status?.kind !== 'success') return
    const timer = setTimeout(() => setStatus(null), ADDED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [status])

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = addTranslationPageSchema.safeParse({ page })
    if (!parsed.success) {
      setStatus({ kind: 'error', message: parsed.error.issues[0]?.message ?? 'Failed to add translation' })
      inputRef.current?.focus()
      return
    }
    setBusy(true)
    setStatus(null)
    try {
      await api('/add-translation', { method: 'POST', json: parsed.data })
      setPage('')
      setStatus({ kind: 'success', message: 'Translation page added successfully' })
      await revalidator.revalidate()
    } catch (e) {
      setStatus({ kind: 'error', message: messageOf(e, 'Failed to add translation') })
      inputRef.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1>Translations</h1>
      {error && <LoadError {...error} />}
      {!error && pages.length === 0 && <p>No translation pages yet.</p>}
      {pages.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">Translation pages</caption>
            <thead>
              <tr>
                <th scope="col">Page Slug</th>
                <th scope="col">Texts</th>
                <th scope="col">Languages</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => {
                const texts = textsOf(p.translations)
                const codes = Object.keys(texts).filter((code) => Object.keys(texts[code] ?? {}).length > 0)
                return (
                  <tr key={p._id}>
                    <th scope="row" data-label="Page Slug" id={`page-${p._id}`}>
                      {p.page}
                    </th>
                    <td data-label="Texts">{sourceKeys(texts).length}</td>
                    <td data-label="Languages">
                      {codes.length > 0 ? codes.join(', ') : <span className="admin-muted">none yet</span>}
                    </td>
                    <td data-label="Actions">
                      <Link to={`/admin/update-translation/${p._id}`} aria-describedby={`page-${p._id}`}>
                        Edit
                      </Link>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}

      <section className="admin-section" aria-labelledby="add-translation-page">
        <h2 id="add-translation-page">Add New Translation Page</h2>
        <form className="admin-card admin-form" onSubmit={add} noValidate>
          <div className="admin-field">
            <label htmlFor={slugId}>Page Slug</label>
            <p id={`${slugId}-hint`} className="admin-hint">
              Lower-case letters, digits and dashes, e.g. privacy-policy.
            </p>
            <input
              ref={inputRef}
              id={slugId}
              name="page"
              value={page}
              onChange={(event) => setPage(event.currentTarget.value)}
              required
              maxLength={80}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={`${slugId}-hint`}
              aria-invalid={status?.kind === 'error' ? true : undefined}
            />
          </div>
          <StatusMessage status={status} />
          <div className="admin-actions">
            <button type="submit" className="admin-button" disabled={busy}>
              Add Translation Page
            </button>
          </div>
        </form>
      </section>
    </>
  )
}
