import type { Env } from '../env.js'
import { disableTwoFactorByOperator, resetPasswordByOperator, UnknownAdmin } from '../services/admin-accounts.js'
import { CommandRefusal, openSiteDatabase } from './site-database.js'

// `npm run admin -- <command> <user>`: account recovery for an owner with shell access, on the
// same database the server uses (DATABASE_URL, or the embedded one in DATA_DIR).

const USAGE = `Usage:
  npm run admin -- reset-password <user>   set a new generated password (to be changed at the next sign-in)
  npm run admin -- disable-2fa <user>      turn off two-factor sign-in
Both end every session of that admin. The database is DATABASE_URL, or the embedded one in DATA_DIR.`

const COMMANDS = ['reset-password', 'disable-2fa'] as const
type Command = (typeof COMMANDS)[number]

/** `npm run admin -- reset-password|disable-2fa <user>`. */
export async function run(args: string[], env: Env, print = console.log): Promise<number> {
  const [command, username, ...rest] = args
  if (!COMMANDS.includes(command as Command) || !username || rest.length > 0) {
    console.error(USAGE)
    return 2
  }
  const { database, close } = await openSiteDatabase(env)
  try {
    await database.migrate()
    if (command === 'reset-password') {
      const password = await resetPasswordByOperator(database.db, username)
      print(`New password for "${username}": ${password}`)
      print('It must be changed at the next sign-in. Every session of this admin has ended.')
    } else {
      await disableTwoFactorByOperator(database.db, username)
      print(`Two-factor sign-in is off for "${username}"; every session of this admin has ended.`)
      print('Sign in with the password, then turn it on again in Account.')
    }
    return 0
  } catch (error) {
    if (error instanceof UnknownAdmin) throw new CommandRefusal(error.message)
    throw error
  } finally {
    await close()
  }
}
