import { batches, callProvider, garbage, inOrder, type LanguagePair, type MachineProvider } from './provider.js'

// Apertium APy (Debian's apertium-apy): three-letter codes, one text a request, kept as HTML so
// the tags of protected spans pass through; markUnknown=no leaves no '*' on unknown words.

const CODES: Record<string, string> = {
  en: 'eng',
  es: 'spa',
  ca: 'cat',
  fr: 'fra',
  pt: 'por',
  it: 'ita',
  de: 'deu',
  nl: 'nld',
  sv: 'swe',
  no: 'nob',
  nb: 'nob',
  nn: 'nno',
  da: 'dan',
  gl: 'glg',
  eu: 'eus',
  ro: 'ron',
  oc: 'oci',
  ru: 'rus',
}
const toApertium = (code: string) => CODES[code] ?? code
const fromApertium = (code: string) => Object.entries(CODES).find(([, three]) => three === code)?.[0] ?? code

export function apertiumProvider(url: string, timeoutMs?: number): MachineProvider {
  const base = url.replace(/\/+$/, '')
  const label = 'Apertium'
  return {
    name: 'apertium',
    nativeGlossary: false,
    async translate(texts, { source, target }) {
      const langpair = `${toApertium(source)}|${toApertium(target)}`
      const one = async (q: string) => {
        const body = new URLSearchParams({ q, langpair, format: 'html', markUnknown: 'no' })
        const answer = (await callProvider(label, `${base}/translate`, { method: 'POST', body }, timeoutMs)) as {
          responseData?: { translatedText?: unknown }
        }
        const text = answer?.responseData?.translatedText
        if (typeof text !== 'string') throw garbage(label)
        return text
      }
      return inOrder(
        batches(texts, 1, Infinity).map(([i]) => texts[i!]!),
        4,
        one,
      )
    },
    async pairs(): Promise<LanguagePair[]> {
      const answer = (await callProvider(label, `${base}/listPairs`, {}, timeoutMs)) as {
        responseData?: { sourceLanguage?: unknown; targetLanguage?: unknown }[]
      }
      if (!Array.isArray(answer?.responseData)) throw garbage(label)
      return answer.responseData
        .filter((p) => typeof p.sourceLanguage === 'string' && typeof p.targetLanguage === 'string')
        .map((p) => ({
          source: fromApertium(p.sourceLanguage as string),
          target: fromApertium(p.targetLanguage as string),
        }))
    },
  }
}
