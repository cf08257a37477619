// @react-router/dev 7.18.4 (the last 7.x; 8.x needs Node 22) opens its own Vite servers, to read
// react-router.config.ts and routes.ts, with `envFile: false`, which Vite 8 deprecated in favour of
// `envDir: false` (same meaning: read no .env file) and warns about at every build and start.
// No configuration reaches those servers, so this swaps the option in the installed files
// (decision 131). It runs after every install, changes nothing twice, and stops changing anything
// once a release of @react-router/dev no longer holds the old option.
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

const OLD = 'envFile: false,'
const NEW = 'envDir: false,'

let root
try {
  root = path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json'))
} catch {
  process.exit(0) // not installed (a production install without dev dependencies)
}
for (const file of ['dist/vite.js', 'dist/cli/index.js']) {
  const at = path.join(root, file)
  const code = await readFile(at, 'utf8').catch(() => null)
  if (code?.includes(OLD)) await writeFile(at, code.replaceAll(OLD, NEW))
}
