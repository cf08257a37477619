import { useState } from 'react'
import { NeedsUpdatePanel } from '../components/needs-update.js'
import { StatusMessage } from '../components/status-message.js'
import { mayPublish, useMe } from '../lib/me.js'
import { formatWhen, publishingOf, type Publishing, type PreviewLink, type PublishTarget } from '../lib/publishing.js'
import { HistoryLink, PreviewButton, PreviewLinkBox, ScheduleButton, UnpublishButton } from './publishing-actions.js'
import { StatusBadge } from './publish-status.js'
import { ScheduleDialog } from './schedule-dialog.js'
import { serverMessageOr, useSubmit } from './use-submit.js'

/**
 * A record's publishing state out of what a publishing call answers: the record itself, the
 * record wrapped ({ project }), or a page text whose languages each have theirs.
 */
export function publishingFrom(answer: unknown, language?: string): Partial<Publishing> | null {
  if (!answer || typeof answer !== 'object') return null
  const record = answer as Record<string, unknown>
  const perLanguage = record.publishing as Record<string, Partial<Publishing>> | undefined
  if (language && perLanguage && typeof perLanguage === 'object') return perLanguage[language] ?? null
  if (typeof record.publishStatus === 'string') return record as Partial<Publishing>
  const wrapped = Object.values(record).find(
    (value) => value && typeof value === 'object' && typeof (value as Publishing).publishStatus === 'string',
  )
  return (wrapped as Partial<Publishing> | undefined) ?? null
}

interface PublishingPanelProps {
  target: PublishTarget
  /** The record's (or the page text's language's) publishing state. */
  state: Partial<Publishing> | null | undefined
  /** The record's publishing state changed on the server (published, scheduled, marked up to date…). */
  onChange: (state: Partial<Publishing>) => void
  /** Reads the record's publishing state again. */
  reread: () => Promise<Partial<Publishing> | null>
  /** Names the record in a confirmation: 'the project “Villa Sol”'. */
  what: string
  /** The record's language: Schedule… and Unpublish show only to those who may publish it. */
  language: string
}

/**
 * The publishing bar of every edit screen: the record's status, who changed it last, what is
 * scheduled or failed to run, a translation's 'Needs update', and Preview, Schedule…, History
 * and Unpublish. The form below it carries 'Save draft' and the spec's publish button.
 */
export function PublishingPanel({ target, state: raw, onChange, reread, what, language }: PublishingPanelProps) {
  const publishes = mayPublish(useMe(), language)
  const submit = useSubmit(serverMessageOr('That did not work'))
  const [link, setLink] = useState<PreviewLink | null>(null)
  const [scheduling, setScheduling] = useState(false)
  const state = publishingOf(raw)

  const changed = (answer: unknown) => {
    const next = publishingFrom(answer, target.language)
    if (next) onChange(next)
  }

  return (
    <section className="admin-card admin-publishing" aria-label="Publishing">
      <div className="cluster admin-publishing__head">
        <div className="cluster admin-publishing__state">
          {state ? <StatusBadge record={state} /> : <span className="admin-muted">Not saved yet</span>}
          {state?.changedAt && (
            <span className="admin-muted">
              Last changed {state.changedBy ? `by ${state.changedBy} ` : ''}on {formatWhen(state.changedAt)}
            </span>
          )}
        </div>
        <div className="admin-actions">
          <PreviewButton submit={submit} target={target} onLink={setLink} />
          {publishes && <ScheduleButton disabled={submit.busy} onOpen={() => setScheduling(true)} />}
          <HistoryLink target={target} />
          {publishes && state && (state.publishStatus === 'published' || state.unpublishAt) && (
            <UnpublishButton submit={submit} target={target} done={changed} what={what} />
          )}
        </div>
      </div>
      {state?.publishAt && <p>Publishes on {formatWhen(state.publishAt)}.</p>}
      {state?.unpublishAt && <p>Unpublishes on {formatWhen(state.unpublishAt)}.</p>}
      {state?.scheduleError && (
        <p className="admin-error" role="alert">
          The scheduled change did not run
          <span className="admin-status-detail">{state.scheduleError}</span>
        </p>
      )}
      {state?.needsUpdate && (
        <NeedsUpdatePanel submit={submit} target={target} needsUpdate={state.needsUpdate} done={changed} />
      )}
      {link && <PreviewLinkBox submit={submit} target={target} link={link} onRevoked={() => setLink(null)} />}
      <StatusMessage status={submit.status} />
      <ScheduleDialog
        open={scheduling}
        onClose={() => setScheduling(false)}
        target={target}
        state={state}
        reread={reread}
        done={(answer, message) => {
          changed(answer)
          submit.setStatus({ kind: 'success', message })
        }}
      />
    </section>
  )
}
