/**
 * A page's social card (issue 24, decision 105): 1200x630, the page's picture with its title in its
 * language and the company's mark. A page's `meta` names what its card shows with a request
 * address; the server replaces that address in the rendered page with the stored card's
 * (server/site/social-cards.ts), making the card once per distinct title, picture and language.
 * Visitors never ask for cards to be made, so nobody can make the server draw arbitrary ones.
 */
export const SOCIAL_CARD = { width: 1200, height: 630, requestPath: '/social-card.jpg' } as const

export interface SocialCardSpec {
  title: string
  image: string | null
  lang: string
  /** The record's own uploaded card (`ogImage`, decision 112): only cut to 1200x630, nothing drawn on it. */
  plain?: boolean
}

export function socialCardRequest(spec: SocialCardSpec): string {
  const query = new URLSearchParams({ title: spec.title, lang: spec.lang })
  if (spec.image) query.set('image', spec.image)
  if (spec.plain && spec.image) query.set('plain', '1')
  return `${SOCIAL_CARD.requestPath}?${query.toString()}`
}

/** The spec a request address names, or null when it is not one. */
export function parseSocialCardRequest(address: string): SocialCardSpec | null {
  let url: URL
  try {
    url = new URL(address, 'http://card.invalid')
  } catch {
    return null
  }
  if (url.pathname !== SOCIAL_CARD.requestPath) return null
  const title = url.searchParams.get('title')
  const lang = url.searchParams.get('lang')
  if (!title || !lang) return null
  const image = url.searchParams.get('image')
  return {
    title: title.slice(0, 300),
    lang: lang.slice(0, 20),
    image,
    ...(image && url.searchParams.get('plain') === '1' && { plain: true }),
  }
}
