import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// No two files of src/ import each other, directly or round a loop (issue 43, decision 133): a
// loop makes the load order decide what a module sees at start. Type-only imports count too: they
// tie the files' meanings together all the same.

const ROOT = path.resolve('src')
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '')
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate))
}

/** Every loop in the import graph, each once, as the files round it (relative to src/). */
function importCircles(): string[][] {
  const files = sourceFiles(ROOT)
  const known = new Set(files)
  const edges = new Map<string, string[]>()
  for (const file of files) {
    const targets = new Set<string>()
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, (match[1] ?? match[2])!, known)
      if (target) targets.add(target)
    }
    edges.set(file, [...targets])
  }
  // Tarjan's strongly connected components: a component of two or more files is a loop.
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    order.set(file, index)
    low.set(file, index++)
    stack.push(file)
    onStack.add(file)
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!))
    }
    if (low.get(file) !== order.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(path.relative(ROOT, member))
    } while (member !== file)
    if (component.length > 1) circles.push(component.sort())
  }
  for (const file of files) if (!order.has(file)) visit(file)
  return circles
}

describe('imports', () => {
  it('no files of src/ import each other round a loop', () => {
    expect(importCircles()).toEqual([])
  })
})
