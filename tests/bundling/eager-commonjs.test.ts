import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, test } from 'vitest'
import { build, type Plugin, type Rolldown } from 'vite'
import { eagerCommonJs } from '../../scripts/eager-commonjs.js'

// The build step of decision 117, through Vite's real bundler and minifier: a CommonJS module's
// wrapper comes out as a parenthesised function expression (which V8 compiles with the chunk),
// and the module still works.
const dir = mkdtempSync(path.join(tmpdir(), 'eager-commonjs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function bundle(plugins: Plugin[]) {
  writeFileSync(
    path.join(dir, 'counter.cjs'),
    'let count = 0\nmodule.exports = { next: () => ++count, name: "counter" }\n',
  )
  writeFileSync(
    path.join(dir, 'entry.js'),
    'import counter from "./counter.cjs"\nexport const first = counter.next()\nexport const name = counter.name\n',
  )
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: true,
      rolldownOptions: { input: path.join(dir, 'entry.js'), preserveEntrySignatures: 'strict' },
    },
  })) as Rolldown.RolldownOutput
  return result.output.find((part) => part.type === 'chunk' && part.isEntry) as Rolldown.OutputChunk
}

test('a CommonJS wrapper is an arrow function without the plugin, a function expression in parentheses with it', async () => {
  const arrow = /\(\(\(?[\w$,]*\)?=>\{var [\w$]+=0/
  const without = await bundle([])
  expect(without.code).toMatch(arrow)

  const chunk = await bundle([eagerCommonJs()])
  expect(chunk.code).not.toMatch(arrow)
  expect(chunk.code).toMatch(/\(\(function\([\w$,]*\)\{var [\w$]+=0/)

  const file = path.join(dir, 'out.mjs')
  writeFileSync(file, chunk.code)
  const module = (await import(pathToFileURL(file).href)) as { first: number; name: string }
  expect(module).toMatchObject({ first: 1, name: 'counter' })
})
