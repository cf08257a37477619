// `npm start`: build once when there is no build yet, then run the server in production mode.
import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'

const entry = new URL('../dist/server/main.js', import.meta.url)
if (!existsSync(entry)) {
  console.log('No build found; building first…')
  execSync('npm run build', { stdio: 'inherit' })
}
// A .env beside package.json fills in what the environment does not already set.
if (existsSync('.env')) process.loadEnvFile('.env')
process.env.NODE_ENV ??= 'production'
await import(entry.href)
