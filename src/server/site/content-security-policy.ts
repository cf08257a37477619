import { createHash } from 'node:crypto'

/**
 * The Content-Security-Policy of every answer, in one table. API answers and assets get it as it
 * is (plugins/security.ts); a rendered page also allows its own inline scripts by hash.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

// Inline scripts that execute (not JSON-LD or other data blocks).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g

const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ')

/**
 * A page's CSP: React Router hydrates from inline scripts, so each one is allowed by its
 * SHA-256 rather than by 'unsafe-inline'. Hashes (unlike nonces) survive the page cache.
 */
export function contentSecurityPolicy(html: string): string {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`)
  }
  return policy({ ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src']!, ...hashes] })
}

/** The policy without page scripts, for everything that is not a rendered page. */
export const BASE_CONTENT_SECURITY_POLICY = policy(CSP_DIRECTIVES)
