import type { ReactNode } from 'react'
import type { SubmitState } from './use-submit.js'

interface PostFormProps {
  form: SubmitState
  /** The API path (under /api/admin) the form posts its JSON to. */
  path: string
  json: () => unknown
  /** After the call succeeded: clears what was sent, tells the screen, answers the message to show. */
  saved: () => string
  labelledBy?: string
  children: ReactNode
}

/** A small form that posts JSON and stays on the screen (the enquiry's notes and replies). */
export function PostForm({ form, path, json, saved, labelledBy, children }: PostFormProps) {
  return (
    <form
      ref={form.formRef}
      className="admin-form"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault()
        void form.send(path, { method: 'POST', json: json() }, { saved })
      }}
    >
      {children}
    </form>
  )
}
