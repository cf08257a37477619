import { useMemo, useState } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { workbenchPath, type WorkbenchKind } from '../../../shared/translation-workbench.js'
import { WorkbenchFieldRow } from '../components/workbench/workbench-field.js'
import { WorkbenchFill } from '../components/workbench/workbench-fill.js'
import { approveMachineFields, type RefusedSegment } from '../components/workbench/machine-api.js'
import {
  draftCall,
  readWorkbenchData,
  savedTargetId,
  type WorkbenchAddress,
  type WorkbenchData,
} from '../components/workbench/workbench-data.js'
import { type Edits, applySentence } from '../components/workbench/workbench-writes.js'
import { LoadError, StatusMessage } from '../components/status-message.js'
import { AdminForm } from '../kit/admin-form.js'
import { load } from '../kit/load.js'
import { PublishingPanel, publishingFrom } from '../kit/publishing-panel.js'
import { fixedMessage, serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { confirmUnreviewed } from '../lib/unreviewed.js'
import { languageName } from '../lib/language-names.js'
import { editPath, publishNow, PUBLISHING_MESSAGES, type PublishTarget } from '../lib/publishing.js'
import '../translation-workbench.css'

const KINDS: WorkbenchKind[] = ['project', 'review', 'translation-page']

export const clientLoader = ({ params, request }: ClientLoaderFunctionArgs) =>
  load(
    async () => {
      const kind = KINDS.find((k) => k === params.kind)
      if (!kind) throw new Error('Nothing to translate there')
      const source = new URL(request.url).searchParams.get('source') === 'draft' ? 'draft' : 'published'
      const address: WorkbenchAddress = { kind, id: params.id ?? '', language: params.language ?? '', source }
      return { address, data: await readWorkbenchData(address) }
    },
    'Failed to fetch the translation',
    { notFound: 'Nothing to translate here: the record or the language was not found.' },
  )

const valuesOf = (data: WorkbenchData) => Object.fromEntries(data.bench.fields.map((f) => [f.key, f.target]))

/** Issue 40: one screen for a project, a review or a page text in one language, source beside target. */
export default function TranslationWorkbench() {
  const loaded = useLoaderData<typeof clientLoader>()
  if (loaded.error) {
    return (
      <>
        <h1>Translate side by side</h1>
        <LoadError {...loaded.error} />
        <p>
          <Link to="/admin/overview">Translation Overview</Link>
        </p>
      </>
    )
  }
  const { address } = loaded.data
  return <Workbench key={`${address.kind}-${address.id}-${address.language}-${address.source}`} {...loaded.data} />
}

function Workbench({ address, data: initial }: { address: WorkbenchAddress; data: WorkbenchData }) {
  const [data, setData] = useState(initial)
  const [values, setValues] = useState<Edits>(() => valuesOf(initial))
  const [refused, setRefused] = useState<RefusedSegment[]>([])
  const submit = useSubmit(fixedMessage('Failed to save the translation'))
  const approving = useSubmit(serverMessageOr('Failed to approve'))
  const { bench } = data
  const language = { code: bench.language, name: languageName(data.languages, bench.language) }
  const sourceLanguage = { code: bench.sourceLanguage, name: languageName(data.languages, bench.sourceLanguage) }
  const loadedValues = useMemo(() => valuesOf(data), [data])
  const edits = Object.fromEntries(Object.entries(values).filter(([key, value]) => loadedValues[key] !== value))
  const unsaved = Object.keys(edits).length > 0
  const target: PublishTarget | null = bench.targetId
    ? {
        kind: bench.kind,
        id: bench.targetId,
        ...(bench.kind === 'translation-page' ? { language: bench.language } : {}),
      }
    : null
  const labelOf = (key: string) => bench.fields.find((f) => f.key === key)?.label ?? key

  async function reread() {
    const next = await readWorkbenchData({ ...address, id: bench.id })
    setData(next)
    setValues((current) => ({ ...valuesOf(next), ...keepTyped(current, valuesOf(data)) }))
    return next
  }

  /** What was typed and not saved survives a reload (a fill or an approval re-reads the draft). */
  const keepTyped = (current: Edits, before: Edits) =>
    Object.fromEntries(Object.entries(current).filter(([key, value]) => before[key] !== value))

  async function saveDraft() {
    if (!unsaved) return bench.targetId
    const call = draftCall(data, edits)
    const answer = await api<unknown>(call.path, {
      method: call.method,
      ...(call.form ? { form: call.form } : { json: call.json }),
    })
    return bench.targetId ?? savedTargetId(answer)
  }

  async function save(form: FormData) {
    const publish = form.get('saveAs') !== 'draft'
    if (publish && !confirmUnreviewed(bench.machineFields.map(labelOf))) return
    await submit.run(async () => {
      const id = await saveDraft()
      if (publish && id) {
        await publishNow({
          kind: bench.kind,
          id,
          ...(bench.kind === 'translation-page' ? { language: bench.language } : {}),
        })
      }
      const next = await readWorkbenchData({ ...address, id: bench.id })
      setData(next)
      setValues(valuesOf(next))
      return publish ? PUBLISHING_MESSAGES.published : PUBLISHING_MESSAGES.draftSaved
    })
  }

  const approve = (keys: string[]) =>
    approving.run(async () => {
      await approveMachineFields(bench.kind, bench.id, bench.language, keys)
      await reread()
      return keys.length === 1 ? 'Approved' : `Approved ${keys.length} fields`
    })

  return (
    <div className="workbench">
      <h1>Translate side by side</h1>
      <p className="workbench-lead">
        <strong>{bench.name}</strong> · {sourceLanguage.name} → {language.name}
        {target && (
          <>
            {' '}
            · <Link to={editPath(target)}>Open the {language.name} edit screen</Link>
          </>
        )}
      </p>
      <nav className="workbench-source" aria-label="Source text">
        Source:{' '}
        <Link
          to={workbenchPath(bench.kind, bench.id, bench.language)}
          aria-current={bench.source === 'published' ? 'page' : undefined}
        >
          published
        </Link>{' '}
        ·{' '}
        <Link
          to={`${workbenchPath(bench.kind, bench.id, bench.language)}?source=draft`}
          aria-current={bench.source === 'draft' ? 'page' : undefined}
        >
          draft
        </Link>
      </nav>

      {target && (
        <PublishingPanel
          target={target}
          state={bench.publishing}
          language={bench.language}
          what={`the ${language.name} translation of “${bench.name}”`}
          onChange={(state) =>
            setData((d) => ({ ...d, bench: { ...d.bench, publishing: { ...d.bench.publishing!, ...state } } }))
          }
          reread={async () => publishingFrom((await reread()).bench.publishing) ?? null}
        />
      )}

      <WorkbenchFill
        kind={bench.kind}
        id={bench.id}
        language={language}
        machine={data.machine}
        unsaved={unsaved}
        filled={async (answer) => {
          setRefused(answer.refused)
          await reread()
        }}
      />

      {bench.machineFields.length > 0 && (
        <section className="admin-card workbench-review" aria-labelledby="workbench-review">
          <h2 id="workbench-review">Not reviewed yet</h2>
          <p>
            {bench.machineFields.length}{' '}
            {bench.machineFields.length === 1 ? 'field is a machine draft' : 'fields are machine drafts'}:{' '}
            {bench.machineFields.map(labelOf).join(', ')}. Editing a field or approving it marks it reviewed.
          </p>
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={approving.busy}
            onClick={() => approve(bench.machineFields)}
          >
            Approve all
          </button>
          <StatusMessage status={approving.status} />
        </section>
      )}

      <AdminForm
        submit={submit}
        submitLabel="Publish"
        onSubmit={save}
        className="admin-form workbench-form"
        drafts={{ language: bench.language }}
        footer={unsaved && <p className="admin-hint">Unsaved changes: {Object.keys(edits).map(labelOf).join(', ')}</p>}
      >
        {bench.fields.length === 0 && <p className="admin-muted">The original has no text to translate.</p>}
        {bench.fields.map((field) => (
          <WorkbenchFieldRow
            key={field.key}
            field={field}
            sourceLanguage={sourceLanguage}
            language={language}
            value={values[field.key] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            onUse={(segment, text) =>
              setValues((current) => ({
                ...current,
                [field.key]: applySentence(field, segment, current[field.key] ?? '', text),
              }))
            }
            {...(field.machine && { onApprove: () => approve([field.key]) })}
            busy={approving.busy || submit.busy}
            refused={refused.filter((r) => r.field === field.key)}
          />
        ))}
      </AdminForm>
    </div>
  )
}
