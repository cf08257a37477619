import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './content-security-policy.js'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('contentSecurityPolicy', () => {
  it('allows exactly the inline scripts of the page by hash', () => {
    const html = `<script>window.a=1</script><script type="module" async>import "x"</script>
      <script src="/assets/a.js"></script><script type="application/ld+json">{"a":1}</script>`
    const csp = contentSecurityPolicy(html)
    expect(csp).toContain(sha('window.a=1'))
    expect(csp).toContain(sha('import "x"'))
    expect(csp).not.toContain(sha('{"a":1}'))
    expect(csp).not.toContain("unsafe-inline' ;")
    expect(csp).toContain("frame-ancestors 'none'")
  })
})
