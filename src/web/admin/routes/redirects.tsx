import { CsvImportForm } from '../kit/csv-import-form.js'
import { useState } from 'react'
import { useLoaderData, useRevalidator } from 'react-router'
import { type Redirect, redirectImportSchema, redirectInputSchema } from '../../../shared/schemas/redirect.schema.js'
import { StatusMessage, type Status, failure } from '../components/status-message.js'
import { AdminForm, Field } from '../kit/admin-form.js'
import { ListScreen } from '../kit/list-screen.js'
import { load, type Loaded } from '../kit/load.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { confirmDelete } from '../lib/confirm.js'

const FETCH_FAILED = 'Failed to fetch redirects'

export const clientLoader = () => load(() => api<Redirect[]>('/redirects'), FETCH_FAILED)

const SOURCES: Record<string, string> = {
  admin: 'Added here',
  import: 'Imported',
  slug: 'Automatic: slug changed',
  trash: 'Automatic: moved to the trash',
}

/** Rows a record's change made (decision 111): they follow the record, so they are not edited here. */
const isAutomatic = (r: Redirect) => r.source === 'slug' || r.source === 'trash'

/**
 * Issue 24: old addresses and where they lead. Each answers 301 straight to its final page (chains
 * are collapsed when saved), or 410 when its page was removed.
 */
export default function RedirectsScreen() {
  const loaded = useLoaderData() as Loaded<Redirect[]>
  const revalidator = useRevalidator()
  const [status, setStatus] = useState<Status | null>(null)

  async function remove(redirect: Redirect) {
    if (!confirmDelete(`the redirect from ${redirect.from}`)) return
    try {
      await api(`/redirects/${redirect._id}`, { method: 'DELETE' })
      setStatus({ kind: 'success', message: `Redirect from ${redirect.from} deleted` })
      void revalidator.revalidate()
    } catch (error) {
      setStatus(failure(error, 'Failed to delete the redirect'))
    }
  }

  return (
    <ListScreen<Redirect>
      title="Redirects"
      loaded={loaded}
      layout="scroll"
      intro={
        <>
          <p className="admin-muted">
            Visitors and search engines asking for an old address are sent on to its page. Slug changes and the trash
            add their own, marked automatic: they follow the project and are not edited here.
          </p>
          <StatusMessage status={status} />
        </>
      }
      columns={[
        { header: 'From', rowHeader: true, cell: (r) => <code>{r.from}</code> },
        {
          header: 'To',
          cell: (r) => (r.status === 410 ? <span>Gone (410)</span> : <code>{r.to}</code>),
        },
        { header: 'Source', cell: (r) => [SOURCES[r.source] ?? r.source, r.language].filter(Boolean).join(' · ') },
        {
          header: 'Actions',
          cell: (r) =>
            isAutomatic(r) ? (
              <span className="admin-muted">Automatic</span>
            ) : (
              <button
                type="button"
                className="admin-button admin-button--small admin-button--danger"
                onClick={() => void remove(r)}
                aria-describedby={`row-${r._id}`}
              >
                Delete
              </button>
            ),
        },
      ]}
    >
      <AddRedirect onAdded={() => void revalidator.revalidate()} />
      <ImportRedirects onImported={() => void revalidator.revalidate()} />
    </ListScreen>
  )
}

function AddRedirect({ onAdded }: { onAdded: () => void }) {
  const submit = useSubmit(serverMessageOr('Failed to add the redirect'))

  async function add(data: FormData) {
    const input = submit.check(redirectInputSchema, data)
    if (!input) return
    await submit.send('/redirects', { method: 'POST', json: input }, { saved: added })
  }

  function added(answer: { redirect: Redirect }) {
    submit.formRef.current?.reset()
    onAdded()
    return `Redirect added: ${answer.redirect.from} → ${answer.redirect.to}`
  }

  return (
    <section className="admin-section" aria-labelledby="add-redirect">
      <h2 id="add-redirect">Add Redirect</h2>
      <AdminForm submit={submit} submitLabel="Add Redirect" onSubmit={add}>
        <Field
          submit={submit}
          name="from"
          label="From"
          hint="An old address: /villas/sol.html, or the old site's full address."
        >
          {(control) => <input {...control} required maxLength={1000} autoComplete="off" spellCheck={false} />}
        </Field>
        <Field submit={submit} name="to" label="To" hint="A page of this site, e.g. /project/villa-sol.">
          {(control) => <input {...control} required maxLength={1000} autoComplete="off" spellCheck={false} />}
        </Field>
      </AdminForm>
    </section>
  )
}

function ImportRedirects({ onImported }: { onImported: () => void }) {
  const submit = useSubmit(serverMessageOr('Failed to import the redirects'))

  async function upload(data: FormData) {
    const file = data.get('file')
    if (!(file instanceof File) || file.size === 0) return submit.fail('Choose a CSV file', 'file')
    const input = submit.check(redirectImportSchema, { csv: await file.text() })
    if (!input) return
    await submit.send('/redirects/import', { method: 'POST', json: input }, { saved: imported })
  }

  function imported(answer: { message: string }) {
    submit.formRef.current?.reset()
    onImported()
    return answer.message
  }

  return (
    <section className="admin-section" aria-labelledby="import-redirects">
      <h2 id="import-redirects">Import from CSV</h2>
      <CsvImportForm
        submit={submit}
        submitLabel="Import"
        onSubmit={upload}
        hint="One redirect per line: old address, new address. A line that cannot be saved stops the import and is named."
      />
    </section>
  )
}
