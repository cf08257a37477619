import type { ReactNode } from 'react'
import type { SubmitState } from './use-submit.js'

interface JsonFormProps<T> {
  form: SubmitState
  /** The API path (under /api/admin) the form sends its JSON to. */
  path: string
  method?: 'POST' | 'PUT'
  json: () => unknown
  /** A problem found before anything is sent (a rule the form can see itself), or nothing. */
  refuse?: () => string | undefined
  /** After the call succeeded: takes the answer, tells the screen, answers the message to show. */
  saved: (answer: T) => string
  labelledBy?: string
  /** A form of its own on the screen (a card), rather than one part of a panel. */
  card?: boolean
  children: ReactNode
}

/** A form that sends JSON and stays on the screen: the enquiry's notes and replies, the enquiry settings' lists. */
export function JsonForm<T>({
  form,
  path,
  method = 'POST',
  json,
  refuse,
  saved,
  labelledBy,
  card,
  children,
}: JsonFormProps<T>) {
  return (
    <form
      ref={form.formRef}
      className={card ? 'admin-form admin-card' : 'admin-form'}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault()
        const problem = refuse?.()
        if (problem) return form.fail(problem)
        void form.send<T>(path, { method, json: json() }, { saved })
      }}
    >
      {children}
    </form>
  )
}
