import { useState, type FormEvent } from 'react'
import { useLoaderData, useRevalidator } from 'react-router'
import { ROLE_LABELS } from '../../../shared/schemas/team.schema.js'
import type { InvitationSummary, Language, SignInRules, UserSummary } from '../../../shared/types.js'
import { RoleFields, type RoleChoice } from '../components/team-fields.js'
import { LoadError, StatusMessage, type Status } from '../components/status-message.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { load, loadLanguages } from '../kit/load.js'
import { api, messageOf } from '../lib/api.js'
import { useMe } from '../lib/me.js'
import '../team-screens.css'

export async function clientLoader() {
  const [users, invitations, settings, { languages }] = await Promise.all([
    load(() => api<UserSummary[]>('/users'), 'Failed to fetch users'),
    load(() => api<InvitationSummary[]>('/invitations'), 'Failed to fetch invitations'),
    load(() => api<SignInRules>('/sign-in-rules'), 'Failed to fetch settings'),
    loadLanguages(),
  ])
  return { users, invitations, settings, languages }
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—'

/** Owners: invite people, change what they may do, deactivate them; the sign-in rules. */
export default function Users() {
  const { users, invitations, settings, languages } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <ScreenHeading title="Users" subtitle="Who may work in the back office, and what each person may do." />
      <InviteForm languages={languages} />
      <section className="admin-card" aria-labelledby="team-people">
        <h2 id="team-people">People</h2>
        {users.error && <LoadError {...users.error} />}
        <ul className="team-list">
          {users.data?.map((user) => (
            <UserRow key={user._id} user={user} languages={languages} />
          ))}
        </ul>
      </section>
      <section className="admin-card" aria-labelledby="team-invitations">
        <h2 id="team-invitations">Pending invitations</h2>
        {invitations.error && <LoadError {...invitations.error} />}
        {invitations.data?.length === 0 && <p className="admin-muted">No invitations waiting.</p>}
        <ul className="team-list">
          {invitations.data?.map((invitation) => (
            <InvitationRow key={invitation._id} invitation={invitation} />
          ))}
        </ul>
      </section>
      {settings.data && <SignInRules settings={settings.data} />}
    </>
  )
}

function InviteForm({ languages }: { languages: Language[] }) {
  const revalidator = useRevalidator()
  const [choice, setChoice] = useState<RoleChoice>({ role: 'translator', languages: [], canPublish: false })
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    setStatus(null)
    try {
      const answer = await api<{ message: string; invitation: InvitationSummary }>('/users', {
        method: 'POST',
        json: { username: data.get('username'), email: data.get('email'), ...choice },
      })
      // Saved either way; a mail that has not gone out yet is worth the owner's notice.
      setStatus({ kind: answer.invitation.mailed ? 'success' : 'warning', message: answer.message })
      form.reset()
      void revalidator.revalidate()
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error, 'The invitation could not be sent') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="admin-card admin-form team-invite" onSubmit={invite} noValidate aria-labelledby="team-invite">
      <h2 id="team-invite">Invite someone</h2>
      <label>
        User name
        <input name="username" autoComplete="off" required />
      </label>
      <label>
        E-mail
        <input name="email" type="email" autoComplete="off" required />
      </label>
      <RoleFields idPrefix="invite" languages={languages} value={choice} onChange={setChoice} />
      <p className="admin-muted">They receive a link to set their password; it works once, for 72 hours.</p>
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          Send invitation
        </button>
      </div>
      <StatusMessage status={status} />
    </form>
  )
}

function UserRow({ user, languages }: { user: UserSummary; languages: Language[] }) {
  const me = useMe()
  const revalidator = useRevalidator()
  const [choice, setChoice] = useState<RoleChoice>({
    role: user.role,
    languages: user.languages,
    canPublish: user.canPublish,
  })
  const [status, setStatus] = useState<Status | null>(null)
  const [busy, setBusy] = useState(false)

  async function save(json: Record<string, unknown>, done: string) {
    setBusy(true)
    setStatus(null)
    try {
      await api(`/users/${user._id}`, { method: 'PUT', json })
      setStatus({ kind: 'success', message: done })
      void revalidator.revalidate()
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error, 'The change could not be saved') })
    } finally {
      setBusy(false)
    }
  }

  const itsMe = me?.username === user.username
  return (
    <li className={`team-person${user.active ? '' : ' team-person--inactive'}`}>
      <div className="team-person__who">
        <strong>{user.username}</strong>
        {itsMe && <span className="admin-muted"> (you)</span>}
        <span className="admin-muted">
          {ROLE_LABELS[user.role]}
          {user.languages.length > 0 && ` · ${user.languages.join(', ')}`}
          {user.role === 'translator' && (user.canPublish ? ' · may publish' : ' · an editor publishes')}
          {' · '}
          {user.active ? `last seen ${when(user.lastSeenAt)}` : 'deactivated'}
          {user.twoFactor && ' · two-factor on'}
        </span>
        {user.email && <span className="admin-muted">{user.email}</span>}
      </div>
      {user.active && (
        <form
          className="admin-form team-person__edit"
          onSubmit={(event) => {
            event.preventDefault()
            void save({ ...choice }, 'Saved')
          }}
        >
          <RoleFields idPrefix={`user-${user._id}`} languages={languages} value={choice} onChange={setChoice} />
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--quiet" disabled={busy}>
              Save {user.username}
            </button>
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={busy}
              onClick={() =>
                window.confirm(
                  `Deactivate ${user.username}? Their sessions end now; their work stays, named as theirs.`,
                ) && void save({ active: false }, 'Deactivated')
              }
            >
              Deactivate
            </button>
          </div>
        </form>
      )}
      {!user.active && (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={busy}
            onClick={() => void save({ active: true }, 'Active again')}
          >
            Reactivate {user.username}
          </button>
        </div>
      )}
      <StatusMessage status={status} />
    </li>
  )
}

function InvitationRow({ invitation }: { invitation: InvitationSummary }) {
  const revalidator = useRevalidator()
  const [status, setStatus] = useState<Status | null>(null)
  async function withdraw() {
    try {
      await api(`/invitations/${invitation._id}`, { method: 'DELETE' })
      void revalidator.revalidate()
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error, 'The invitation could not be withdrawn') })
    }
  }
  return (
    <li className="team-person">
      <div className="team-person__who">
        <strong>{invitation.username}</strong>
        <span className="admin-muted">
          {ROLE_LABELS[invitation.role]}
          {invitation.languages.length > 0 && ` · ${invitation.languages.join(', ')}`} · {invitation.email} ·{' '}
          {invitation.expired ? 'expired' : `valid until ${when(invitation.expiresAt)}`}
          {invitation.mailed ? ' · mailed' : ' · mail waiting'}
        </span>
      </div>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--quiet" onClick={() => void withdraw()}>
          Withdraw
        </button>
      </div>
      <StatusMessage status={status} />
    </li>
  )
}

function SignInRules({ settings }: { settings: SignInRules }) {
  const [status, setStatus] = useState<Status | null>(null)
  const [on, setOn] = useState(settings.requireTwoFactor)
  async function change(requireTwoFactor: boolean) {
    setStatus(null)
    try {
      const answer = await api<SignInRules>('/sign-in-rules', { method: 'PUT', json: { requireTwoFactor } })
      setOn(answer.requireTwoFactor)
      setStatus({ kind: 'success', message: 'Saved' })
    } catch (error) {
      setStatus({ kind: 'error', message: messageOf(error, 'The setting could not be saved') })
    }
  }
  return (
    <section className="admin-card" aria-labelledby="team-rules">
      <h2 id="team-rules">Sign-in rules</h2>
      <label className="team-check">
        <input type="checkbox" checked={on} onChange={(e) => void change(e.currentTarget.checked)} />
        Everyone must sign in with two factors (until they turn it on, only their Account works)
      </label>
      <StatusMessage status={status} />
    </section>
  )
}
