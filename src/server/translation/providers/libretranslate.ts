import { batches, callProvider, garbage, type MachineProvider } from './provider.js'

// LibreTranslate: `POST /translate` with `q` as a list and format=html (the tags of protected
// spans pass through); `GET /languages` lists each source with its targets.

const MAX_TEXTS = 50
const MAX_CHARS = 5000

export function libreTranslateProvider(url: string, apiKey?: string, timeoutMs?: number): MachineProvider {
  const base = url.replace(/\/+$/, '')
  const label = 'LibreTranslate'
  return {
    name: 'libretranslate',
    nativeGlossary: false,
    async translate(texts, { source, target }) {
      const out: string[] = new Array(texts.length)
      for (const batch of batches(texts, MAX_TEXTS, MAX_CHARS)) {
        const q = batch.map((i) => texts[i]!)
        const answer = (await callProvider(
          label,
          `${base}/translate`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ q, source, target, format: 'html', ...(apiKey ? { api_key: apiKey } : {}) }),
          },
          timeoutMs,
        )) as { translatedText?: unknown }
        const got = answer?.translatedText
        if (!Array.isArray(got) || got.length !== q.length || got.some((t) => typeof t !== 'string'))
          throw garbage(label)
        batch.forEach((i, j) => (out[i] = got[j] as string))
      }
      return out
    },
    async pairs() {
      const answer = await callProvider(label, `${base}/languages`, {}, timeoutMs)
      if (!Array.isArray(answer)) throw garbage(label)
      return (answer as { code?: unknown; targets?: unknown }[]).flatMap((language) =>
        typeof language.code === 'string' && Array.isArray(language.targets)
          ? language.targets
              .filter((t): t is string => typeof t === 'string' && t !== language.code)
              .map((target) => ({ source: language.code as string, target }))
          : [],
      )
    },
  }
}
