import { parseEnv, type Env } from '../env.js'
import { CommandRefusal } from './site-database.js'

/** A command: answers its exit code (0 done, 1 refused, 2 wrong usage). */
export type Command = (args: string[], env: Env) => Promise<number>

const COMMANDS: Record<string, () => Promise<{ run: Command }>> = {
  admin: () => import('./admin.js'),
  backup: () => import('./backup.js'),
  restore: () => import('./restore.js'),
  migrate: () => import('./migrate.js'),
  seed: () => import('./seed.js'),
}

/**
 * The operators' commands (`npm run admin|backup|restore|db:migrate|db:seed`): `<command> …args`.
 * A refusal or a bad environment is said plainly; anything else with its stack.
 */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  const load = name ? COMMANDS[name] : undefined
  if (!load) {
    console.error(`Usage: <${Object.keys(COMMANDS).join('|')}> …`)
    return 2
  }
  try {
    return await (await load()).run(args, parseEnv())
  } catch (error) {
    const plain = error instanceof CommandRefusal || (error as Error).message?.startsWith('Invalid environment')
    console.error(plain ? (error as Error).message : error)
    return 1
  }
}

// Run as a program: `node --import tsx src/server/cli/run.ts <command> …` (scripts/cli.mjs runs the build's).
if (process.argv[1] && /cli[\\/]run\.[jt]s$/.test(process.argv[1])) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code))
}
