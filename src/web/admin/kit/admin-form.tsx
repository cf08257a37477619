import { useId, type ReactNode } from 'react'
import { StatusMessage } from '../components/status-message.js'
import { UploadProgress } from '../components/upload-progress.js'
import { mayPublish, useMe } from '../lib/me.js'
import { SaveDraftButton } from './publishing-actions.js'
import type { SubmitState } from './use-submit.js'

interface AdminFormProps {
  submit: SubmitState
  submitLabel: string
  /** The submit button's name and value, for a form whose footer holds a second submit button. */
  submitAction?: { name: string; value: string }
  /** Called with the form's data (and the pressed button's name and value); the page never reloads. */
  onSubmit: (data: FormData) => void | Promise<void>
  className?: string
  children: ReactNode
  /** Beside the button, e.g. a note on unsaved changes. */
  footer?: ReactNode
  /**
   * A publishing form (issue 22): 'Save draft' beside the spec's button, which publishes at once.
   * Someone who may not publish in the record's language sees only 'Save draft' (issue 23).
   */
  drafts?: { language?: string | undefined; disabled?: boolean }
}

/**
 * Every admin form: checked in the browser with the shared schema (noValidate), one submit button
 * disabled while the call runs, then the upload progress and the message below the form (SPEC 2:
 * "an error message appears below the form when submit fails"). Editing the field at fault
 * clears its message.
 */
export function AdminForm({
  submit,
  submitLabel,
  submitAction,
  onSubmit,
  className = 'admin-card admin-form',
  children,
  footer,
  drafts,
}: AdminFormProps) {
  const me = useMe()
  const publishes = !drafts || mayPublish(me, drafts.language)
  return (
    <form
      ref={submit.formRef}
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // With the button that sent it, so a form with two actions knows which (name="action").
        const button = (event.nativeEvent as SubmitEvent).submitter
        if (!submit.busy) void onSubmit(new FormData(event.currentTarget, button))
      }}
      onChange={(event) => {
        const target = event.target as { name?: unknown }
        if (submit.invalidField && target.name === submit.invalidField) submit.clear()
      }}
    >
      {children}
      <div className="admin-submit">
        <div className="admin-actions">
          {publishes && (
            <button type="submit" className="admin-button" disabled={submit.busy} {...submitAction}>
              {submitLabel}
            </button>
          )}
          {drafts && <SaveDraftButton disabled={submit.busy || !!drafts.disabled} primary={!publishes} />}
          {footer}
        </div>
        {!publishes && <p className="admin-hint">Your role saves drafts here; an editor publishes them.</p>}
        <UploadProgress fraction={submit.progress} />
        <div id={submit.errorId}>
          <StatusMessage status={submit.status} />
        </div>
      </div>
    </form>
  )
}

/** The attributes a field's control gets from Field: its id, name and descriptions. */
export interface FieldControlProps {
  id: string
  name?: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  /** The form's submit state, which marks the field at fault; absent for a control outside a form's checks. */
  submit?: SubmitState
  /** The form field's name; absent for a control the form does not send. */
  name?: string
  label: string
  /** Shown between the label and the control, and read with the control. */
  hint?: ReactNode
  children: (control: FieldControlProps) => ReactNode
}

/** A labelled form control with its hint; marked invalid while it is the field at fault. */
export function Field({ submit, name, label, hint, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const invalid = submit && name ? submit.invalid(name) : {}
  const describedBy = [hint ? hintId : '', invalid['aria-describedby'] ?? ''].filter(Boolean).join(' ')
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(name ? { name } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid['aria-invalid'] ? { 'aria-invalid': true } : {}),
      })}
    </div>
  )
}
