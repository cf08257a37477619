import { createHash } from 'node:crypto'

/** What an XLIFF unit's source is checked against at import: equal text, equal hash. */
export const sourceHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16)
