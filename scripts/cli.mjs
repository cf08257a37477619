// `npm run admin|backup|restore|db:migrate|db:seed -- …`: the operators' commands
// (src/server/cli/), run from the build with the same .env as `npm start`.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const entry = new URL('../dist/server/cli/run.js', import.meta.url)
if (!existsSync(entry)) {
  console.log('No build found; building first…')
  execSync('npm run build', { stdio: 'inherit' })
}
if (existsSync('.env')) process.loadEnvFile('.env')
const { runCli } = await import(entry.href)
process.exit(await runCli(process.argv.slice(2)))
