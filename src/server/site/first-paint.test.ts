import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './content-security-policy.js'
import { createFirstPaint } from './first-paint.js'

// React Router's output, cut down to what the rewrites look at.
const MODULE_SCRIPT =
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-E5.js";\nimport("/assets/entry.client-A1.js");</script>'
// root.tsx writes the fonts into the head itself.
const FONTS = '<style>@font-face{font-family:Display;src:url(/assets/d.woff2)}</style>'
const page = (stylesheets: string) =>
  [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    '<link rel="preload" as="image" href="/uploads/a.jpg" fetchPriority="high"/>',
    FONTS,
    '<link rel="modulepreload" href="/assets/entry.client-A1.js"/><link rel="modulepreload" href="/assets/framework-B2.js"/>',
    stylesheets,
    '</head><body><main class="used">Hello</main><script>window.__reactRouterContext = {};</script>',
    MODULE_SCRIPT,
    '<!--$?--><template id="B:0"></template><!--/$--></body></html>',
  ].join('')
const PAGE = page('<link rel="stylesheet" href="/assets/a-C3.css"/><link rel="stylesheet" href="/assets/b-D4.css"/>')

function clientDir(files: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-paint-'))
  mkdirSync(path.join(dir, 'assets'))
  const all = {
    'a-C3.css': '.used{color:red}.unused{color:blue}',
    'b-D4.css': 'main{margin:0}',
    ...files,
  }
  for (const [name, css] of Object.entries(all)) writeFileSync(path.join(dir, 'assets', name), css)
  return dir
}

describe('createFirstPaint', () => {
  it('inlines the rules the page uses, and keeps the stylesheets linked, disabled', async () => {
    const html = await createFirstPaint(clientDir())(PAGE)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(
      `${FONTS}<style>.used{color:red}main{margin:0}</style><link rel="stylesheet" href="/assets/a-C3.css" disabled=""/>` +
        '<link rel="stylesheet" href="/assets/b-D4.css" disabled=""/>',
    )
    expect(head).not.toContain('.unused')
  })

  it('inlines a page that starts no framework whole, with the states its scripts set, and links no stylesheet', async () => {
    const entry = '/assets/entry.static-F7.js'
    const script = `<script type="module" async="">import ${JSON.stringify(entry)}</script>`
    const css = { 'a-C3.css': '.used{color:red}.unused{color:blue}.site-header.is-sticky{color:green}' }
    const staticPage = PAGE.replace(MODULE_SCRIPT, script).replace(/<link rel="modulepreload"[^>]+>/g, '')
    const html = await createFirstPaint(clientDir(css), entry)(staticPage)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(
      head.endsWith(`${FONTS}<style>.used{color:red}.site-header.is-sticky{color:green}main{margin:0}</style>`),
    ).toBe(true)
    expect(html).not.toContain('rel="stylesheet"')
    expect(html).toContain(`<template id="hydration">${script}</template>`)
    // A page that hydrates keeps its stylesheets, and only what its elements use.
    const hydrating = await createFirstPaint(clientDir(css), entry)(PAGE)
    expect(hydrating).toContain('<link rel="stylesheet" href="/assets/a-C3.css" disabled=""/>')
    expect(hydrating).not.toContain('is-sticky')
  })

  it("declares no font again: the page's own <style> has them, and a second @font-face lays the page out again", async () => {
    const css = { 'a-C3.css': '@font-face{font-family:Display;src:url(/assets/d.woff2)}.used{color:red}' }
    const html = await createFirstPaint(clientDir(css))(PAGE)
    expect(html.match(/@font-face/g)).toHaveLength(1)
    expect(html).toContain(FONTS)
  })

  it('moves the module preloads and the module script into a template, in their order', async () => {
    const html = await createFirstPaint(clientDir())(PAGE)
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload')
    expect(/<template id="hydration">([\s\S]*?)<\/template>/.exec(html)?.[1]).toBe(
      '<link rel="modulepreload" href="/assets/entry.client-A1.js"/><link rel="modulepreload" href="/assets/framework-B2.js"/>' +
        MODULE_SCRIPT,
    )
    // Everything else stays where it was: the hero's preload, the context script, React's own template.
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/a.jpg" fetchPriority="high"/>')
    expect(html).toContain(
      '<main class="used">Hello</main><script>window.__reactRouterContext = {};</script><template id="hydration">',
    )
    expect(html).toContain('<!--$?--><template id="B:0"></template><!--/$--></body></html>')
  })

  it('starts hydration and the stylesheets from an inline script that the page CSP allows', async () => {
    const html = await createFirstPaint(clientDir())(PAGE)
    const scriptSrc = contentSecurityPolicy(html)
      .split('; ')
      .find((d) => d.startsWith('script-src '))!
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(3) // context, module script, loader
    expect(html).toMatch(/<\/template><script>\(function\(d\)\{[^<]*first-contentful-paint[^<]*<\/script>/)
    expect(html).toMatch(/<script>[^<]*link\[rel=stylesheet\]\[disabled\][^<]*<\/script>/)
  })

  it('leaves a page as it is when a stylesheet cannot be inlined or there is no module script', async () => {
    const firstPaint = createFirstPaint(clientDir({ 'b-D4.css': 'a::after{content:"</style>"}' }))
    expect(await firstPaint(PAGE)).toBe(PAGE)
    const missing = page('<link rel="stylesheet" href="/assets/missing-E6.css"/>')
    expect(await createFirstPaint(clientDir())(missing)).toBe(missing)
    const plain =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/a-C3.css"/></head><body></body></html>'
    expect(await createFirstPaint(clientDir())(plain)).toBe(plain)
  })
})
