// PROVISIONAL: the sentences of a text, until the core's src/server/translation/segments.ts lands.
const BOUNDARY = /(?<=[.!?…])\s+(?=[\p{Lu}¿¡"“(])|\n{2,}/u

export function splitSentences(text: string): string[] {
  return text
    .split(BOUNDARY)
    .map((s) => s.trim())
    .filter(Boolean)
}
