import { describe, expect, it } from 'vitest'
import { parseRedirectCsv } from './redirect-csv.js'

describe('redirect CSV', () => {
  it('reads from,to lines, skipping a header, blank lines and comments, with quoted fields', () => {
    const csv =
      '\uFEFFfrom,to\r\n/villas/sol.html,/project/villa-sol\n\n# old blog\n"https://old.example/a,b?x=1","/about"\n/c\n'
    expect(() => parseRedirectCsv(csv)).toThrow(/Line 6: give two columns/)
    expect(parseRedirectCsv(csv.replace('/c\n', ''))).toEqual([
      { line: 2, input: { from: '/villas/sol.html', to: '/project/villa-sol' } },
      { line: 5, input: { from: '/a,b?x=1', to: '/about' } },
    ])
  })

  it('takes semicolons and tabs as spreadsheets export them', () => {
    expect(parseRedirectCsv('/a;/b\n').map((r) => r.input)).toEqual([{ from: '/a', to: '/b' }])
    expect(parseRedirectCsv('/a\t/b\n').map((r) => r.input)).toEqual([{ from: '/a', to: '/b' }])
  })

  it('names the line of a bad address, and refuses an empty file', () => {
    expect(() => parseRedirectCsv('/a,/b\nnot a path,/c')).toThrow(/^Line 2: From must be a path/)
    expect(() => parseRedirectCsv('/a,javascript:alert(1)')).toThrow(/^Line 1: To must be a path/)
    expect(() => parseRedirectCsv('from,to\n')).toThrow(/no redirects/)
  })
})
