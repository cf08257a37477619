import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BASE_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './content-security-policy.js'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src '))!

describe('contentSecurityPolicy', () => {
  it('allows exactly the inline scripts of the page by hash, never unsafe-inline', () => {
    const html = `<script>window.a=1</script><script type="module" async>import "x"</script>
      <script src="/assets/a.js"></script><script type="application/ld+json">{"a":1}</script>`
    const csp = contentSecurityPolicy(html)
    expect(scriptSrc(csp)).toBe(`script-src 'self' ${sha('window.a=1')} ${sha('import "x"')}`)
    expect(csp).toContain("frame-ancestors 'none'")
  })
  it('is the base policy when a page has no inline script', () => {
    expect(contentSecurityPolicy('<p>hi</p>')).toBe(BASE_CONTENT_SECURITY_POLICY)
    expect(scriptSrc(BASE_CONTENT_SECURITY_POLICY)).toBe("script-src 'self'")
  })
})
