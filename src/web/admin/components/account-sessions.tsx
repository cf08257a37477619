import { ColumnHeads } from '../kit/column-heads.js'
import { useId } from 'react'
import type { SessionSummary } from '../../../shared/types.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { formatDateTime } from './enquiry-format.js'
import { StatusMessage } from './status-message.js'

/** Where the admin is signed in; any other session can be ended here. */
export function AccountSessions({ sessions, onChanged }: { sessions: SessionSummary[]; onChanged: () => void }) {
  const id = useId()
  const submit = useSubmit(fixedMessage('Failed to end the session'))
  const others = sessions.filter((s) => !s.current).length

  const end = (path: string, method: 'DELETE' | 'POST', done: string) =>
    submit.run(async () => {
      await api(path, { method })
      onChanged()
      return done
    })

  return (
    <section className="admin-card admin-account-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sessions</h2>
      <p className="admin-account-state">
        Signed in {sessions.length === 1 ? 'in this browser only' : `in ${sessions.length} places`}. A session ends
        after 12 hours without use, 7 days in all, or when you sign out.
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--stack">
          <caption className="visually-hidden">Active sessions, most recently used first</caption>
          <ColumnHeads names={['Browser', 'Address', 'Started', 'Last used', 'Actions']} />
          <tbody>
            {sessions.map((session) => (
              <tr key={session._id}>
                <td data-label="Browser">
                  <span>
                    <span className={session.current ? 'admin-session-current' : undefined}>{session.browser}</span>
                    <span className="admin-session-agent">{session.userAgent || 'No browser details'}</span>
                  </span>
                </td>
                <td data-label="Address">{session.ip || '—'}</td>
                <td data-label="Started">{formatDateTime(session.createdAt)}</td>
                <td data-label="Last used">{formatDateTime(session.lastSeenAt)}</td>
                <td data-label="Actions">
                  {session.current ? (
                    <span className="admin-session-current">This session</span>
                  ) : (
                    <button
                      type="button"
                      className="admin-button admin-button--quiet"
                      disabled={submit.busy}
                      aria-label={`End the session of ${session.browser} at ${session.ip || 'an unknown address'}`}
                      onClick={() => end(`/delete-session/${session._id}`, 'DELETE', 'Session ended.')}
                    >
                      End
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StatusMessage status={submit.status} />
      {others > 0 && (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={submit.busy}
            onClick={() => end('/end-other-sessions', 'POST', 'Every other session has ended.')}
          >
            End all other sessions
          </button>
        </div>
      )}
    </section>
  )
}
