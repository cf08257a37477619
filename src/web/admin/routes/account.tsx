import { useLoaderData, useRevalidator } from 'react-router'
import type { AccountSummary, SessionSummary } from '../../../shared/types.js'
import { AccountPassword } from '../components/account-password.js'
import { AccountSessions } from '../components/account-sessions.js'
import { AccountTwoFactor } from '../components/account-two-factor.js'
import { LoadError } from '../components/status-message.js'
import { load } from '../kit/load.js'
import { api } from '../lib/api.js'
import { setMustChangePassword } from '../lib/auth.js'

export async function clientLoader() {
  const loaded = await load(async () => {
    const account = await api<AccountSummary>('/get-account')
    setMustChangePassword(account.mustChangePassword)
    // Until a generated password is changed, the server answers nothing else.
    const sessions = account.mustChangePassword ? [] : await api<SessionSummary[]>('/get-sessions')
    return { account, sessions }
  }, 'Failed to fetch account details')
  return { account: loaded.data?.account ?? null, sessions: loaded.data?.sessions ?? [], error: loaded.error }
}

/** Beyond the SPEC: the admin's password, two-factor sign-in and sessions. */
export default function Account() {
  const { account, sessions, error } = useLoaderData<typeof clientLoader>()
  const { revalidate } = useRevalidator()
  const reload = () => void revalidate()

  return (
    <>
      <h1>Account</h1>
      {error && <LoadError {...error} />}
      {account && (
        <>
          {account.mustChangePassword && (
            <p className="admin-account-notice" role="status">
              You signed in with a generated password. Choose your own password to continue.
            </p>
          )}
          <AccountPassword username={account.username} onChanged={reload} />
          {!account.mustChangePassword && (
            <>
              <AccountTwoFactor twoFactor={account.twoFactor} onChanged={reload} />
              <AccountSessions sessions={sessions} onChanged={reload} />
            </>
          )}
        </>
      )}
    </>
  )
}
