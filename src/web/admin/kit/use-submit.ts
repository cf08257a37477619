import { useCallback, useId, useRef, useState, type RefObject } from 'react'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { failure, fieldOf, focusField, type Status } from '../components/status-message.js'
import { api, ApiError, messageOf, type CallOptions } from '../lib/api.js'

/** How a screen words a refused call (SPEC 8). */
export type DescribeError = (error: unknown) => Status

/** Adds: the server's message when it gave one, otherwise the screen's own ('Failed to add review'). */
export const serverMessageOr =
  (fallback: string): DescribeError =>
  (error) => ({ kind: 'error', message: messageOf(error, fallback) })

/** Updates and deletes: the screen's fixed message ('Failed to update Review'), the server's reason under it. */
export const fixedMessage =
  (message: string): DescribeError =>
  (error) =>
    failure(error, message)

/** The work of one submit; it may answer a success message to show. */
type Work = (onProgress: (fraction: number) => void) => Promise<string | void>

/** What happens after a call succeeds: go to another screen, or stay and say it was saved. */
export type AfterSend<T> = { goTo: string } | { saved: (answer: T) => string }

export interface SubmitState {
  formRef: RefObject<HTMLFormElement | null>
  /** The id of the message under the form, which a field at fault points to. */
  errorId: string
  status: Status | null
  invalidField: string | undefined
  busy: boolean
  /** Upload progress from 0 to 1, or null when nothing is being uploaded. */
  progress: number | null
  setStatus: (status: Status | null) => void
  /** Shows a problem under the form, marks the field at fault and puts the focus on it. */
  fail: (problem: Status | string, field?: string) => void
  /** Takes the message and the mark away (the admin is fixing the field). */
  clear: () => void
  /**
   * The shared schema's verdict: the parsed data, or undefined after fail(). Given the form's
   * data, it reads the schema's own fields from it.
   */
  check: <S extends z.ZodType>(schema: S, values: FormData | Record<string, unknown>) => z.output<S> | undefined
  /** Runs the work once at a time: busy and progress while it runs, its failure described under the form. */
  run: (work: Work, options?: { upload?: boolean }) => Promise<void>
  /** One API call as the form's work: a multipart form shows its upload progress. */
  send: <T>(path: string, call: Pick<CallOptions, 'method' | 'form' | 'json'>, after: AfterSend<T>) => Promise<void>
  /** aria attributes of a field: invalid and described by the message while it is the field at fault. */
  invalid: (field: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string }
}

/**
 * The submit state every admin form shares: one message under the form (StatusMessage), the
 * field at fault marked and focused, the button disabled while a call runs, upload progress.
 * `initialStatus` carries a message over to a form remounted after a save.
 */
export function useSubmit(describeError: DescribeError, initialStatus: Status | null = null): SubmitState {
  const formRef = useRef<HTMLFormElement>(null)
  const errorId = useId()
  const [status, setStatus] = useState<Status | null>(initialStatus)
  const [invalidField, setInvalidField] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const running = useRef(false)
  const navigate = useNavigate()

  const fail = useCallback((problem: Status | string, field?: string) => {
    setStatus(typeof problem === 'string' ? { kind: 'error', message: problem } : problem)
    setInvalidField(field)
    focusField(formRef.current, field)
  }, [])

  function clear() {
    setStatus(null)
    setInvalidField(undefined)
  }

  function check<S extends z.ZodType>(schema: S, values: FormData | Record<string, unknown>): z.output<S> | undefined {
    const parsed = schema.safeParse(values instanceof FormData ? fieldsOf(schema, values) : values)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined
    fail(issue?.message ?? describeError(parsed.error).message, field)
    return undefined
  }

  async function run(work: Work, { upload = false } = {}) {
    if (running.current) return
    running.current = true
    setBusy(true)
    setStatus(null)
    setInvalidField(undefined)
    setProgress(upload ? 0 : null)
    try {
      const success = await work(setProgress)
      if (success) setStatus({ kind: 'success', message: success })
    } catch (error) {
      fail(conflictMessage(error) ?? describeError(error), fieldOf(error))
    } finally {
      running.current = false
      setBusy(false)
      setProgress(null)
    }
  }

  const send = <T>(path: string, call: Pick<CallOptions, 'method' | 'form' | 'json'>, after: AfterSend<T>) =>
    run(
      async (onProgress) => {
        const answer = await api<T>(path, call.form ? { ...call, onProgress } : call)
        if ('goTo' in after) navigate(after.goTo)
        else return after.saved(answer)
      },
      { upload: Boolean(call.form) },
    )

  const invalid = (field: string) =>
    invalidField === field ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {}

  return { formRef, errorId, status, invalidField, busy, progress, setStatus, fail, clear, check, run, send, invalid }
}

/** The text fields of a form that an object schema names (a file input is not among them). */
function fieldsOf(schema: z.ZodType, data: FormData): Record<string, unknown> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {}
  return Object.fromEntries(
    Object.keys(shape)
      .filter((name) => data.has(name))
      .map((name) => [name, data.get(name)]),
  )
}

/**
 * A save made stale by someone else's change (409) says who changed it and when: that message is
 * shown as it is, in place of the screen's own, and the form keeps what the admin typed.
 */
function conflictMessage(error: unknown): Status | undefined {
  return error instanceof ApiError && error.status === 409 && error.message
    ? { kind: 'error', message: error.message }
    : undefined
}
