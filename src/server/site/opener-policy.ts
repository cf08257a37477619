import { isBackOfficePath } from '../../shared/site-pages.js'

/**
 * Cross-Origin-Opener-Policy of an answer: `same-origin`, except on the public site's pages (HTML
 * outside the back office). On a page it costs a new renderer process at every arrival from
 * another site or a new tab (Chrome moves the page to a new browsing context group, and Android
 * isolates sites that send it): a second, cold navigation commit of 70-114 ms on this machine's
 * Lighthouse runs, before the page's own work (decision 125). A public page is the same for every
 * visitor and opens no window of ours; the back office keeps it. Rendered pages take it from
 * page-renderer.ts (they are written past Fastify's hooks), every other answer from
 * plugins/security.ts.
 */
export function openerPolicyOf(pathname: string, contentType: string | undefined): 'same-origin' | null {
  const publicPage = contentType?.startsWith('text/html') === true && !isBackOfficePath(pathname)
  return publicPage ? null : 'same-origin'
}
