import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { textKey } from './translate.js'

/** Every quoted string in the application's source: a superset of what a page translates. */
function sourceStrings(): Set<string> {
  const strings = new Set<string>()
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file))
  for (const file of files) {
    const code = readFileSync(path.join('src', file), 'utf8')
    for (const match of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)) {
      const text = match[1] ?? match[2]!
      strings.add(text.replace(/\\(.)/g, '$1'))
    }
  }
  return strings
}

describe('textKey', () => {
  it('gives no two strings of the source the same key', () => {
    const strings = sourceStrings()
    // The demo's translations and the components' lists among them (a sanity check on the scan).
    expect(strings.has('Follow Us On Instagram')).toBe(true)
    expect(strings.size).toBeGreaterThan(3000)
    const owners = new Map<string, string>()
    const shared: string[] = []
    for (const text of strings) {
      const key = textKey(text)
      const owner = owners.get(key)
      if (owner !== undefined) shared.push(`${JSON.stringify(owner)} and ${JSON.stringify(text)}`)
      else owners.set(key, text)
    }
    expect(shared).toEqual([])
  })

  it('is short, and the same for the same text', () => {
    expect(textKey('Follow Us On Instagram')).toMatch(/^[0-9a-z]{1,7}$/)
    expect(textKey('Follow Us On Instagram')).toBe(textKey('Follow Us On ' + 'Instagram'))
    expect(textKey('Follow Us On Instagram')).not.toBe(textKey('Follow us on Instagram'))
  })
})
