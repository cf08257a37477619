import { CsvImportForm } from '../kit/csv-import-form.js'
import { useState } from 'react'
import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import { plural } from '../../../shared/plural.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { GlossaryHint } from '../../../shared/translation-workbench.js'
import type { Language } from '../../../shared/types.js'
import { LanguageSelect } from '../components/language-select.js'
import { LoadError } from '../components/status-message.js'
import { AdminForm } from '../kit/admin-form.js'
import { load } from '../kit/load.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { downloadFromApi } from '../lib/download.js'
import { languageName } from '../lib/language-names.js'
import { QuietButton } from '../kit/quiet-button.js'
import '../translation-workbench.css'

// The glossary of a language pair (issue 40, item 4): terms with a fixed translation and terms
// never translated, applied with every machine provider and shown as hints on the side-by-side
// screen. Owners and editors keep it; the server says no to anyone else.

const pairPath = (target: string) => `/glossary/${BASE_LANGUAGE}/${encodeURIComponent(target)}`

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) =>
  load(async () => {
    const languages = await api<Language[]>('/get-languages')
    const others = languages.filter((l) => l.code !== BASE_LANGUAGE)
    const wanted = new URL(request.url).searchParams.get('target')
    const target = others.find((l) => l.code === wanted)?.code ?? others[0]?.code ?? null
    const terms = target ? (await api<{ terms: GlossaryHint[] }>(pairPath(target))).terms : []
    return { languages, target, terms }
  }, 'Failed to fetch the glossary')

interface Row {
  id: number
  source: string
  target: string
  never: boolean
}

let nextRow = 1
const rowOf = (term: GlossaryHint): Row => ({
  id: nextRow++,
  source: term.source,
  target: term.target ?? '',
  never: term.target === null || term.target === term.source,
})

export default function Glossary() {
  const { data, error } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <h1>Glossary</h1>
      {error && <LoadError {...error} />}
      {data && !data.target && <p>Add a language besides English first.</p>}
      {data?.target && <GlossaryEditor key={data.target} {...data} target={data.target} />}
    </>
  )
}

function GlossaryEditor({
  languages,
  target,
  terms,
}: {
  languages: Language[]
  target: string
  terms: GlossaryHint[]
}) {
  const navigate = useNavigate()
  const [rows, setRows] = useState<Row[]>(() => terms.map(rowOf))
  const submit = useSubmit(serverMessageOr('Failed to save the glossary'))
  const importing = useSubmit(serverMessageOr('Failed to import the glossary'))
  const name = languageName(languages, target)
  const set = (id: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)))

  const save = () =>
    submit.run(async () => {
      const sent = rows
        .filter((row) => row.source.trim())
        .map((row) => ({ source: row.source.trim(), target: row.never ? null : row.target.trim() }))
      const answer = await api<{ terms: GlossaryHint[] }>(pairPath(target), { method: 'PUT', json: { terms: sent } })
      setRows((answer.terms ?? sent).map(rowOf))
      return 'Glossary saved'
    })

  async function importCsv(form: FormData) {
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return importing.fail('Choose a CSV file', 'file')
    await importing.run(async () => {
      const answer = await api<{ terms?: GlossaryHint[]; message?: string }>(`${pairPath(target)}/import`, {
        method: 'POST',
        json: { csv: await file.text() },
      })
      const next = answer.terms ?? (await api<{ terms: GlossaryHint[] }>(pairPath(target))).terms
      setRows(next.map(rowOf))
      return answer.message ?? `Imported ${plural(next.length, 'term', 'terms')}`
    })
  }

  return (
    <>
      <div className="admin-card admin-form">
        <LanguageSelect
          label="Translation Language"
          languages={languages.filter((l) => l.code !== BASE_LANGUAGE)}
          value={target}
          onChange={(code) => navigate(`/admin/glossary?target=${encodeURIComponent(code)}`)}
        />
        <p className="admin-muted">
          English → {name}. A term with a translation is always translated so; a term marked “Never translate” (the
          company’s name, places) stays as it is. Every machine fill applies them, and the{' '}
          <Link to="/admin/overview">side-by-side screens</Link> show them as hints.
        </p>
      </div>
      <AdminForm submit={submit} submitLabel="Save glossary" onSubmit={save} className="admin-card admin-form">
        <fieldset className="admin-fieldset glossary-terms">
          <legend>Terms ({rows.length})</legend>
          {rows.length === 0 && <p className="admin-muted">No terms yet.</p>}
          {rows.map((row, index) => (
            <fieldset key={row.id} className="glossary-term">
              <legend className="visually-hidden">Term {index + 1}</legend>
              <label>
                English term
                <input value={row.source} lang="en" onChange={(e) => set(row.id, { source: e.currentTarget.value })} />
              </label>
              <label>
                Translation
                <input
                  value={row.never ? '' : row.target}
                  lang={target}
                  disabled={row.never}
                  onChange={(e) => set(row.id, { target: e.currentTarget.value })}
                />
              </label>
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={row.never}
                  onChange={(e) => set(row.id, { never: e.currentTarget.checked })}
                />
                Never translate
              </label>
              <QuietButton onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}>
                Remove<span className="visually-hidden"> term {index + 1}</span>
              </QuietButton>
            </fieldset>
          ))}
          <div>
            <QuietButton onClick={() => setRows((current) => [...current, rowOf({ source: '', target: '' })])}>
              Add term
            </QuietButton>
          </div>
        </fieldset>
      </AdminForm>
      <section className="admin-section" aria-labelledby="glossary-csv">
        <h2 id="glossary-csv">CSV</h2>
        <p>
          <QuietButton
            onClick={() =>
              downloadFromApi(`${pairPath(target)}/csv`, `glossary-${BASE_LANGUAGE}-${target}.csv`).catch(
                (error: Error) => importing.fail(error.message),
              )
            }
          >
            Download CSV
          </QuietButton>
        </p>
        <CsvImportForm
          submit={importing}
          submitLabel="Import CSV"
          onSubmit={importCsv}
          hint="One term per line: English term, translation (empty for a term never translated). The import replaces the terms of this pair."
        />
      </section>
    </>
  )
}
