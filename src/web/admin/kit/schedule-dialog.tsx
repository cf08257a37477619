import { useEffect, useRef } from 'react'
import {
  cancelSchedule,
  formatWhen,
  publishNow,
  PUBLISHING_MESSAGES,
  unpublish,
  type Publishing,
  type PublishTarget,
} from '../lib/publishing.js'
import { scheduleBodySchema } from '../../../shared/schemas/publishing.schema.js'
import { AdminForm, Field } from './admin-form.js'
import { serverMessageOr, useSubmit } from './use-submit.js'

interface ScheduleDialogProps {
  open: boolean
  onClose: () => void
  target: PublishTarget
  state: Publishing | null
  /** The record as the server answers it after a change. */
  done: (answer: unknown, message: string) => void
  /** Reads the record again (a cancelled schedule answers nothing). */
  reread: () => Promise<unknown>
}

/** Today's date and the next full hour in the admin's time zone, as the date and time inputs want them. */
function nextHour() {
  const at = new Date()
  at.setHours(at.getHours() + 1, 0, 0, 0)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:00`,
  }
}

/**
 * 'Schedule…': publish or unpublish at a date and time (the admin's own clock), and cancel what
 * is scheduled. A native modal dialog: it keeps the focus inside and closes with Escape.
 */
export function ScheduleDialog({ open, onClose, target, state, done, reread }: ScheduleDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const submit = useSubmit(serverMessageOr('Failed to schedule'))
  const initial = nextHour()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  async function schedule(data: FormData) {
    const action = data.get('action') === 'unpublish' ? 'unpublish' : 'publish'
    const date = String(data.get('date') ?? '')
    const time = String(data.get('time') ?? '')
    if (!date) return submit.fail('Date is required', 'date')
    if (!time) return submit.fail('Time is required', 'time')
    const at = new Date(`${date}T${time}`)
    if (Number.isNaN(at.getTime())) return submit.fail('Date is not a valid date', 'date')
    const iso = at.toISOString()
    // The server's own rule (at most a year ahead), checked here first with the same schema.
    const checked = scheduleBodySchema.safeParse({ at: iso })
    if (!checked.success) return submit.fail(checked.error.issues[0]?.message ?? 'Check the date', 'date')
    await submit.run(async () => {
      const answer = action === 'publish' ? await publishNow(target, iso) : await unpublish(target, iso)
      const message =
        action === 'publish' ? PUBLISHING_MESSAGES.scheduledPublish(iso) : PUBLISHING_MESSAGES.scheduledUnpublish(iso)
      done(
        answer,
        at.getTime() <= Date.now() ? PUBLISHING_MESSAGES[action === 'publish' ? 'published' : 'unpublished'] : message,
      )
      onClose()
    })
  }

  const pending = state && (state.publishAt || state.unpublishAt)

  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby="schedule-title" onClose={onClose}>
      <h2 id="schedule-title">Schedule</h2>
      {pending ? (
        <div className="admin-dialog__pending">
          <ul className="admin-list">
            {state.publishAt && <li>Publishes on {formatWhen(state.publishAt)}</li>}
            {state.unpublishAt && <li>Unpublishes on {formatWhen(state.unpublishAt)}</li>}
          </ul>
          <button
            type="button"
            className="admin-button admin-button--quiet admin-button--small"
            disabled={submit.busy}
            onClick={() =>
              submit.run(async () => {
                await cancelSchedule(target)
                // The status after a cancel depends on the record's past: read it again.
                done(await reread(), PUBLISHING_MESSAGES.scheduleCancelled)
                onClose()
              })
            }
          >
            Cancel schedule
          </button>
        </div>
      ) : (
        <p className="admin-muted">Nothing is scheduled.</p>
      )}
      <AdminForm
        submit={submit}
        submitLabel="Schedule"
        onSubmit={schedule}
        className="admin-form admin-dialog__form"
        footer={
          <button type="button" className="admin-button admin-button--quiet" onClick={onClose}>
            Close
          </button>
        }
      >
        <fieldset className="admin-fieldset admin-dialog__choice">
          <legend>Action</legend>
          <label className="admin-check">
            <input type="radio" name="action" value="publish" defaultChecked />
            Publish the saved draft
          </label>
          <label className="admin-check">
            <input type="radio" name="action" value="unpublish" />
            Unpublish
          </label>
        </fieldset>
        <div className="admin-dialog__when">
          <Field submit={submit} name="date" label="Date">
            {(control) => <input {...control} type="date" defaultValue={initial.date} required />}
          </Field>
          <Field submit={submit} name="time" label="Time">
            {(control) => <input {...control} type="time" defaultValue={initial.time} required />}
          </Field>
        </div>
        <p className="admin-hint">In your time zone. A time already past happens at once; at most a year ahead.</p>
      </AdminForm>
    </dialog>
  )
}
