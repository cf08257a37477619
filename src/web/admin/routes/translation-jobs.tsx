import { useEffect, useState } from 'react'
import { Options } from '../kit/options.js'
import { useLoaderData, useRevalidator, type ClientLoaderFunctionArgs } from 'react-router'
import { plural } from '../../../shared/plural.js'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import {
  METHOD_LABELS,
  SCOPE_LABELS,
  TRANSLATION_JOB_METHODS,
  TRANSLATION_JOB_SCOPES,
  type TranslationJob,
  type XliffImportReport,
} from '../../../shared/schemas/translation-job.schema.js'
import type { Language } from '../../../shared/types.js'
import { LoadError } from '../components/status-message.js'
import { AdminForm, Field } from '../kit/admin-form.js'
import { load } from '../kit/load.js'
import { serverMessageOr, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { downloadFromApi } from '../lib/download.js'
import { languageName } from '../lib/language-names.js'

// Translation jobs (issue 41): a whole language at once, sent to an agency as XLIFF or translated
// by the machine in the background. `?language=de` preselects a language (the overview's link).

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) =>
  load(async () => {
    const [languages, { jobs }] = await Promise.all([
      api<Language[]>('/get-languages'),
      api<{ jobs: TranslationJob[] }>('/translation-jobs'),
    ])
    return { languages, jobs, language: new URL(request.url).searchParams.get('language') }
  }, 'Failed to fetch the translation jobs')

const STATE_WORDS: Record<TranslationJob['state'], string> = {
  open: 'Waiting for the file',
  running: 'Translating',
  paused: 'Paused',
  finished: 'Finished',
  cancelled: 'Cancelled',
}

export default function TranslationJobs() {
  const { data, error } = useLoaderData<typeof clientLoader>()
  const revalidator = useRevalidator()
  const running = data?.jobs.some((job) => job.state === 'running' || job.state === 'paused')
  // A machine job's progress moves on by itself: looked at again every two seconds while one runs.
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => revalidator.revalidate(), 2000)
    return () => clearInterval(timer)
  }, [running, revalidator])
  return (
    <>
      <h1>Translation jobs</h1>
      {error && <LoadError {...error} />}
      {data && (
        <CreateJob languages={data.languages} preselected={data.language} onCreated={() => revalidator.revalidate()} />
      )}
      {data && (
        <section className="admin-section" aria-labelledby="jobs-list">
          <h2 id="jobs-list">Jobs</h2>
          {data.jobs.length === 0 && <p className="admin-muted">No jobs yet.</p>}
          {data.jobs.map((job) => (
            <JobCard key={job._id} job={job} languages={data.languages} onChange={() => revalidator.revalidate()} />
          ))}
        </section>
      )}
    </>
  )
}

function CreateJob({
  languages,
  preselected,
  onCreated,
}: {
  languages: Language[]
  preselected: string | null
  onCreated: () => void
}) {
  const submit = useSubmit(serverMessageOr('Failed to create the job'))
  const others = languages.filter((l) => l.code !== BASE_LANGUAGE)
  const create = (form: FormData) =>
    submit.run(async () => {
      const { job } = await api<{ job: TranslationJob }>('/translation-jobs', {
        method: 'POST',
        json: { language: form.get('language'), scope: form.get('scope'), method: form.get('method') },
      })
      onCreated()
      return `Job created: ${job.total} sentence${job.total === 1 ? '' : 's'} in ${job.records} record${job.records === 1 ? '' : 's'}`
    })
  if (others.length === 0) return <p>Add a language besides English first.</p>
  return (
    <AdminForm submit={submit} submitLabel="Create job" onSubmit={create} className="admin-card admin-form">
      <Field submit={submit} name="language" label="Translation Language">
        {(control) => (
          <select {...control} defaultValue={preselected ?? others[0]!.code}>
            <Options items={others} value={(l) => l.code} label={(l) => l.name} />
          </select>
        )}
      </Field>
      <Field submit={submit} name="scope" label="What to translate">
        {(control) => (
          <select {...control} defaultValue="missing">
            <Options items={TRANSLATION_JOB_SCOPES} value={(scope) => scope} label={(scope) => SCOPE_LABELS[scope]} />
          </select>
        )}
      </Field>
      <Field submit={submit} name="method" label="Translated by">
        {(control) => (
          <select {...control} defaultValue="xliff">
            <Options
              items={TRANSLATION_JOB_METHODS}
              value={(method) => method}
              label={(method) => METHOD_LABELS[method]}
            />
          </select>
        )}
      </Field>
    </AdminForm>
  )
}

function JobCard({ job, languages, onChange }: { job: TranslationJob; languages: Language[]; onChange: () => void }) {
  const upload = useSubmit(serverMessageOr('Failed to import the file'))
  const cancel = useSubmit(serverMessageOr('Failed to cancel the job'))
  const [report, setReport] = useState<XliffImportReport | null>(null)
  const name = languageName(languages, job.language)
  const title = `${name}: ${SCOPE_LABELS[job.scope].toLowerCase()}, ${METHOD_LABELS[job.method]}`
  const unfinished = job.state !== 'finished' && job.state !== 'cancelled'

  const importFile = (form: FormData) => {
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return upload.fail('Choose the XLIFF file', 'file')
    return upload.run(async () => {
      const body = new FormData()
      body.append('file', file)
      const answer = await api<XliffImportReport & { message: string }>(`/translation-jobs/${job._id}/xliff`, {
        method: 'POST',
        form: body,
      })
      setReport(answer)
      onChange()
      return answer.message
    })
  }

  return (
    <article className="admin-card" aria-label={title}>
      <h3>{title}</h3>
      <p>
        {STATE_WORDS[job.state]} · {job.done} of {plural(job.total, 'sentence', 'sentences')} done
        {job.failed > 0 ? ` · ${job.failed} refused` : ''} · created by {job.createdBy}{' '}
        {new Date(job.createdAt).toLocaleString('en-GB')}
      </p>
      <progress
        style={{ width: '100%' }}
        max={Math.max(job.total, 1)}
        value={job.total === 0 ? 1 : job.done + job.failed}
        aria-label={`Progress of ${title}`}
      >
        {job.done} of {job.total}
      </progress>
      {job.message && <p role="status">{job.message}</p>}
      {job.method === 'xliff' && (
        <>
          <p>
            <button
              type="button"
              className="admin-button admin-button--quiet"
              onClick={() =>
                downloadFromApi(`/translation-jobs/${job._id}/xliff`, `translation-job-${job.language}.xlf`).catch(
                  (e: Error) => upload.fail(e.message),
                )
              }
            >
              Download XLIFF
            </button>
          </p>
          {job.state !== 'cancelled' && (
            <AdminForm submit={upload} submitLabel="Import XLIFF" onSubmit={importFile} className="admin-form">
              <Field submit={upload} name="file" label="Translated XLIFF file" hint="The file the agency sends back.">
                {(control) => <input {...control} type="file" accept=".xlf,.xliff,.xml,application/xliff+xml" />}
              </Field>
            </AdminForm>
          )}
        </>
      )}
      {report && (
        <section aria-label="Import report" className="translation-job-report">
          <h4>Import report</h4>
          <p>
            Applied: {report.applied} · Unchanged: {report.unchanged} · Skipped: {report.skipped.length}
          </p>
          {report.skipped.length > 0 && (
            <ul>
              {report.skipped.map((s) => (
                <li key={s.id}>
                  <code>{s.id}</code>: {s.reason}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {unfinished && (
        <AdminForm
          submit={cancel}
          className="admin-form"
          submitLabel="Cancel job"
          onSubmit={() =>
            cancel.run(async () => {
              await api(`/translation-jobs/${job._id}`, { method: 'DELETE' })
              onChange()
              return 'Job cancelled'
            })
          }
        >
          <></>
        </AdminForm>
      )}
    </article>
  )
}
