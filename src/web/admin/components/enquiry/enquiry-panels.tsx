import { useState, type FormEvent } from 'react'
import { Options } from '../../kit/options.js'
import { Link } from 'react-router'
import type { Enquiry, EnquiryDetail, EnquiryStage } from '../../../../shared/types.js'
import { FormEnd } from '../../kit/form-end.js'
import { JsonForm } from '../../kit/json-form.js'
import { fixedMessage, serverMessageOr, type SubmitState, useSubmit } from '../../kit/use-submit.js'
import { formatDateTime, fullName } from '../enquiry-format.js'
import { stageLabel, type TeamMember } from './team.js'

/** An ISO time as a datetime-local input's value, in the admin's own time zone. */
function localInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** Stage, owner, value and follow-up, saved together; the server's 400 names the field at fault. */
export function WorkspaceForm(props: {
  enquiry: Enquiry
  stages: EnquiryStage[]
  team: TeamMember[]
  onSaved: (enquiry: Enquiry) => void
}) {
  const { enquiry, stages, team } = props
  const form = useSubmit(fixedMessage('Failed to update the enquiry'))
  const owners =
    enquiry.ownerId && !team.some((m) => m._id === enquiry.ownerId)
      ? [...team, { _id: enquiry.ownerId, name: enquiry.ownerName ?? 'a former team member' }]
      : team

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const valueText = String(data.get('value') ?? '').trim()
    const value = valueText === '' ? null : Number(valueText)
    if (value !== null && !Number.isFinite(value)) return form.fail('The value must be a number of euros', 'value')
    const followUp = String(data.get('followUpAt') ?? '')
    const followUpAt = followUp ? new Date(followUp) : null
    if (followUpAt && Number.isNaN(followUpAt.getTime()))
      return form.fail('The follow-up must be a date and time', 'followUpAt')
    void form.send<{ enquiry: Enquiry }>(
      `/update-enquiry/${enquiry._id}`,
      {
        method: 'PUT',
        json: {
          stage: data.get('stage'),
          ownerId: data.get('ownerId') || null,
          value,
          followUpAt: followUpAt?.toISOString() ?? null,
        },
      },
      {
        saved: (answer) => {
          props.onSaved(answer.enquiry)
          return 'Enquiry updated'
        },
      },
    )
  }

  return (
    <form ref={form.formRef} className="admin-form" onSubmit={submit} noValidate aria-labelledby="workspace-heading">
      <h2 id="workspace-heading">Workspace</h2>
      <label>
        Stage
        <select name="stage" defaultValue={enquiry.stage} {...form.invalid('stage')}>
          <Options items={stages} value={(s) => s.key} label={(s) => s.label} />
        </select>
      </label>
      <label>
        Owner
        <select name="ownerId" defaultValue={enquiry.ownerId ?? ''} {...form.invalid('ownerId')}>
          <option value="">Nobody</option>
          <Options items={owners} value={(m) => m._id} label={(m) => m.name} />
        </select>
      </label>
      <label>
        Value (euros)
        <input
          name="value"
          type="text"
          inputMode="numeric"
          defaultValue={enquiry.value ?? ''}
          {...form.invalid('value')}
        />
      </label>
      <label>
        Follow-up
        <input
          name="followUpAt"
          type="datetime-local"
          defaultValue={localInput(enquiry.followUpAt)}
          {...form.invalid('followUpAt')}
        />
      </label>
      <FormEnd submit={form} label="Save" />
    </form>
  )
}

/** The person behind the enquiry, their other enquiries, and a merge with one more. */
export function ContactCard(props: {
  enquiry: EnquiryDetail
  stages: EnquiryStage[]
  onMerged: (enquiry: EnquiryDetail) => void
}) {
  const { enquiry, stages } = props
  const merge = useSubmit(serverMessageOr('Failed to merge the enquiries'))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('otherId') ?? '')
    // The other enquiry's address or id: its id is the last UUID in it.
    const otherId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0]
    if (!otherId) return merge.fail("Give the other enquiry's address or id", 'otherId')
    void merge.send<EnquiryDetail>(
      `/enquiries/${enquiry._id}/merge/${otherId}`,
      { method: 'POST' },
      {
        saved: (answer) => {
          props.onMerged(answer)
          return 'Enquiries merged: one person, one card'
        },
      },
    )
  }

  return (
    <section className="admin-card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact</h2>
      <p>
        {fullName(enquiry)}
        <br />
        <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
        <br />
        {enquiry.phone}
      </p>
      <h3>Their other enquiries</h3>
      {enquiry.contactEnquiries.length === 0 ? (
        <p className="admin-muted">None.</p>
      ) : (
        <ul className="admin-list">
          {enquiry.contactEnquiries.map((other) => (
            <li key={other._id}>
              <Link to={`/admin/enquiry/${other._id}`}>{other.subject || 'No subject'}</Link>{' '}
              <span className="admin-muted">
                {formatDateTime(other.createdAt)}, {stageLabel(stages, other.stage)}
                {other.project ? `, ${other.project.title}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form ref={merge.formRef} className="admin-form" onSubmit={submit} noValidate>
        <label>
          Merge with another enquiry of the same person (its address or id)
          <input name="otherId" type="text" {...merge.invalid('otherId')} />
        </label>
        <FormEnd submit={merge} label="Merge" quiet />
      </form>
    </section>
  )
}

/** A note for the team, on the timeline. */
export function NoteForm({ enquiryId, onAdded }: { enquiryId: string; onAdded: () => void }) {
  const form = useSubmit(serverMessageOr('Failed to add the note'))
  const [text, setText] = useState('')
  return (
    <JsonForm
      form={form}
      path={`/enquiries/${enquiryId}/notes`}
      json={() => ({ text })}
      saved={() => {
        setText('')
        onAdded()
        return 'Note added'
      }}
    >
      <TextControl form={form} name="text" label="Note" value={text} onChange={setText} rows={3} />
      <FormEnd submit={form} label="Add note" />
    </JsonForm>
  )
}

/** The answer to the visitor, sent through the outbox from the company's address (one thread). */
export function ReplyForm({ enquiry, onSent }: { enquiry: Enquiry; onSent: () => void }) {
  const form = useSubmit(serverMessageOr('Failed to send the reply'))
  const [subject, setSubject] = useState(/^re:/i.test(enquiry.subject) ? enquiry.subject : `Re: ${enquiry.subject}`)
  const [text, setText] = useState('')
  return (
    <JsonForm
      form={form}
      path={`/enquiries/${enquiry._id}/reply`}
      json={() => ({ subject, text })}
      saved={() => {
        setText('')
        onSent()
        return `Reply queued: it is sent to ${enquiry.email} from the outbox`
      }}
      labelledBy="reply-heading"
    >
      <h2 id="reply-heading">Reply</h2>
      <TextControl form={form} name="subject" label="Subject" value={subject} onChange={setSubject} />
      <TextControl form={form} name="text" label="Reply" value={text} onChange={setText} rows={6} />
      <FormEnd submit={form} label="Send reply" />
    </JsonForm>
  )
}

interface TextControlProps {
  form: SubmitState
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  /** A text area of this many rows; a one-line input without. */
  rows?: number
}

/** A labelled text field of the notes and reply forms, marked while it is the field at fault. */
function TextControl({ form, name, label, value, onChange, rows }: TextControlProps) {
  const props = { name, value, ...form.invalid(name) }
  return (
    <label>
      {label}
      {rows ? (
        <textarea {...props} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
    </label>
  )
}
