import type { ReactNode } from 'react'
import { StatusMessage } from '../components/status-message.js'
import type { SubmitState } from './use-submit.js'

interface FormEndProps {
  submit: SubmitState
  label: string
  /** A secondary action (Merge): the quiet button style. */
  quiet?: boolean
  /** Buttons before the submit button, in one row with it (Add rule). */
  children?: ReactNode
}

/**
 * The end of a small form of its own (the enquiry screen's notes, reply, follow-up and merge
 * forms; the rules): its submit button, disabled while the call runs, and the message under the
 * form, which the field at fault points to. A whole screen's form is an AdminForm instead.
 */
export function FormEnd({ submit, label, quiet = false, children }: FormEndProps) {
  return (
    <>
      <div className={children ? 'admin-actions' : undefined}>
        {children}
        <button
          type="submit"
          className={quiet ? 'admin-button admin-button--quiet' : 'admin-button'}
          disabled={submit.busy}
        >
          {label}
        </button>
      </div>
      <div id={submit.errorId}>
        <StatusMessage status={submit.status} />
      </div>
    </>
  )
}
