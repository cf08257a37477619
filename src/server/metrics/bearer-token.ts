import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether an Authorization header carries this bearer token. Both sides are hashed first, so the
 * comparison takes the same time whatever the header's length or its first wrong character.
 */
export function carriesBearerToken(authorization: string | undefined, token: string): boolean {
  const offered = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? ''
  return timingSafeEqual(digest(offered), digest(token)) && offered.length > 0
}
