import { createHash } from 'node:crypto'
import type { GlossaryTerm } from '../placeholders.js'
import { batches, callProvider, garbage, type LanguagePair, type MachineProvider } from './provider.js'

// DeepL API v2: texts as XML with the protected spans' tags ignored (tag_handling=xml,
// ignore_tags=x), the pair's glossary as a DeepL glossary (made once per set of terms), 456 as
// the quota used up. The free API's keys end in ':fx'.

const MAX_TEXTS = 50
const MAX_CHARS = 30_000
const QUOTA_EXCEEDED = 456

export const deeplDefaultUrl = (key: string) =>
  key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'

/** DeepL's target codes for the two languages it has in two variants. */
const TARGET: Record<string, string> = { en: 'EN-GB', pt: 'PT-PT' }
const targetCode = (code: string) => TARGET[code] ?? code.toUpperCase()

export function deeplProvider(key: string, url = deeplDefaultUrl(key), timeoutMs?: number): MachineProvider {
  const base = url.replace(/\/+$/, '')
  const label = 'DeepL'
  const headers = { authorization: `DeepL-Auth-Key ${key}`, 'content-type': 'application/json' }
  const call = (path: string, init: RequestInit = {}) =>
    callProvider(label, `${base}${path}`, { ...init, headers }, timeoutMs, QUOTA_EXCEEDED)
  // A glossary id per pair and set of terms: DeepL glossaries cannot be edited, a new set is a new one.
  const glossaries = new Map<string, string>()

  async function glossaryId(pair: LanguagePair, terms: readonly GlossaryTerm[]): Promise<string | undefined> {
    if (terms.length === 0) return undefined
    const entries = terms
      .map((t) => `${clean(t.source)}\t${clean(t.target ?? t.source) || clean(t.source)}`)
      .filter((line) => !line.startsWith('\t'))
      .join('\n')
    const cacheKey = `${pair.source}|${pair.target}|${createHash('sha256').update(entries).digest('base64url')}`
    const known = glossaries.get(cacheKey)
    if (known) return known
    const answer = (await call('/v2/glossaries', {
      method: 'POST',
      body: JSON.stringify({
        name: `costa-del-sol ${pair.source}-${pair.target}`,
        source_lang: pair.source.toUpperCase(),
        target_lang: pair.target.toUpperCase(),
        entries,
        entries_format: 'tsv',
      }),
    })) as { glossary_id?: unknown }
    if (typeof answer?.glossary_id !== 'string') throw garbage(label)
    glossaries.set(cacheKey, answer.glossary_id)
    return answer.glossary_id
  }

  return {
    name: 'deepl',
    nativeGlossary: true,
    async translate(texts, { source, target, glossary }) {
      const glossary_id = await glossaryId({ source, target }, glossary)
      const out: string[] = new Array(texts.length)
      for (const batch of batches(texts, MAX_TEXTS, MAX_CHARS)) {
        const answer = (await call('/v2/translate', {
          method: 'POST',
          body: JSON.stringify({
            text: batch.map((i) => texts[i]!),
            source_lang: source.toUpperCase(),
            target_lang: targetCode(target),
            tag_handling: 'xml',
            ignore_tags: ['x'],
            ...(glossary_id ? { glossary_id } : {}),
          }),
        })) as { translations?: { text?: unknown }[] }
        const got = answer?.translations
        if (!Array.isArray(got) || got.length !== batch.length || got.some((t) => typeof t?.text !== 'string'))
          throw garbage(label)
        batch.forEach((i, j) => (out[i] = got[j]!.text as string))
      }
      return out
    },
    async pairs() {
      const [sources, targets] = await Promise.all([
        call('/v2/languages?type=source'),
        call('/v2/languages?type=target'),
      ])
      if (!Array.isArray(sources) || !Array.isArray(targets)) throw garbage(label)
      const codes = (list: unknown[]) => [
        ...new Set(
          list.flatMap((l) => {
            const code = (l as { language?: unknown })?.language
            return typeof code === 'string' ? [code.toLowerCase().split('-')[0]!] : []
          }),
        ),
      ]
      const to = codes(targets)
      return codes(sources).flatMap((source) => to.filter((t) => t !== source).map((target) => ({ source, target })))
    },
  }
}

/** A term as one TSV cell: no tabs or line breaks, trimmed. */
const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim()
