import { createHash } from 'node:crypto'

// Inline scripts that execute (not JSON-LD or other data blocks).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g

/**
 * The page's CSP: React Router hydrates from inline scripts, so each one is allowed by its
 * SHA-256 rather than by 'unsafe-inline'. Hashes (unlike nonces) survive the page cache.
 */
export function contentSecurityPolicy(html: string): string {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    )
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}
