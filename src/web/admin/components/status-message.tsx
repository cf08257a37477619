import { ApiError } from '../lib/api.js'
import type { ReactNode } from 'react'

export interface Status {
  /** 'warning': done, but not all of it (an invitation saved whose mail has not gone yet). */
  kind: 'error' | 'warning' | 'success'
  message: string
  /** A second line, e.g. the server's reason behind a fixed SPEC message. */
  detail?: string
}

/**
 * The outcome of a form or an action. The live region is always in the page, so a screen reader
 * announces the message when it appears; errors are announced assertively.
 */
export function StatusMessage({ status, children }: { status: Status | null; children?: ReactNode }) {
  return (
    <div className="admin-status" aria-live={status?.kind === 'error' ? 'assertive' : 'polite'} aria-atomic="true">
      {status && (
        <p className={`admin-${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.message}
          {status.detail && status.detail !== status.message && (
            <span className="admin-status-detail">{status.detail}</span>
          )}
        </p>
      )}
      {children}
    </div>
  )
}

/** A screen whose data could not be loaded: the SPEC message, with the server's reason when it gave one. */
export function LoadError({ message, detail }: { message: string; detail?: string | undefined }) {
  return (
    <p className="admin-error" role="alert">
      {message}
      {detail && detail !== message && <span className="admin-status-detail">{detail}</span>}
    </p>
  )
}

/** The server's own words for a refused call (not for network failures or server faults). */
export function serverReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined
}

/** A failure shown as the screen's fixed SPEC message, with the server's reason underneath. */
export const failure = (error: unknown, message: string): Status => ({
  kind: 'error',
  message,
  detail: serverReason(error),
})

/** The field a 400 answer is about, to mark and focus it. */
export const fieldOf = (error: unknown) => (error instanceof ApiError ? error.field : undefined)

/** Puts the keyboard focus on the named field of a form, so the admin lands where the problem is. */
export function focusField(form: HTMLFormElement | null, field: string | undefined) {
  if (!form || !field) return
  const element = form.elements.namedItem(field)
  if (element instanceof HTMLElement) element.focus()
}
