import { expect } from 'vitest'
import { waitFor } from './wait-for.js'

/**
 * A site page's HTML once its fresh render is served (pages are cached stale-while-revalidate: a
 * change shows after a background re-render) and, when given, once it holds `expected`.
 */
export async function freshPage(origin: string, path: string, expected?: RegExp): Promise<string> {
  const { r, html } = await waitFor(
    `a fresh ${path}${expected ? ` matching ${expected}` : ''}`,
    () => fetch(`${origin}${path}`).then(async (r) => ({ r, html: await r.text() })),
    ({ r, html }) => r.headers.get('x-cache') !== 'stale' && (!expected || expected.test(html)),
  )
  expect(r.status, path).toBe(200)
  return html
}
