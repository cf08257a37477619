import type { GlossaryTerm } from '../placeholders.js'

// One interface for every machine provider (issue 40, item 2; decision 141). Texts go in as
// protected markup (placeholders.ts: XML-escaped text with `<x id="N"/>` tags) and come back the
// same way; the caller checks them. Adapters split requests within their provider's limits.

export interface LanguagePair {
  source: string
  target: string
}

export interface TranslateOptions extends LanguagePair {
  /** The pair's terms; a provider with a glossary of its own applies them, others ignore them. */
  glossary: readonly GlossaryTerm[]
}

export interface MachineProvider {
  name: 'deepl' | 'libretranslate' | 'apertium'
  /** True when the provider applies `glossary` itself (DeepL); else the caller protects the terms. */
  nativeGlossary: boolean
  translate(texts: readonly string[], options: TranslateOptions): Promise<string[]>
  pairs(): Promise<LanguagePair[]>
}

/** A provider that failed: down, slow, over its quota, or answering what it should not. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** 429 when the provider asks to wait (Retry-After), 502 otherwise. */
    readonly status: 429 | 502 = 502,
    readonly retryAfter?: string,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

export const PROVIDER_TIMEOUT_MS = 20_000

/** A provider's JSON answer, or a ProviderError that says in words what went wrong. */
export async function callProvider(
  label: string,
  url: string,
  init: RequestInit,
  timeoutMs = PROVIDER_TIMEOUT_MS,
  quotaStatus?: number,
): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const slow = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    throw new ProviderError(
      slow
        ? `${label} did not answer within ${Math.round(timeoutMs / 1000)} seconds; nothing was changed`
        : `${label} cannot be reached; nothing was changed`,
    )
  }
  if (res.status === 429)
    throw new ProviderError(
      `${label} asks to wait before more requests; nothing was changed`,
      429,
      res.headers.get('retry-after') ?? '60',
    )
  if (quotaStatus && res.status === quotaStatus)
    throw new ProviderError(`${label}'s character quota is used up; nothing was changed`)
  if (res.status === 401 || res.status === 403) throw new ProviderError(`${label} refused the key; nothing was changed`)
  const body = await res.text().catch(() => '')
  if (!res.ok) throw new ProviderError(`${label} answered with an error (${res.status}); nothing was changed`)
  try {
    return JSON.parse(body) as unknown
  } catch {
    throw new ProviderError(`${label} answered something that is not a translation; nothing was changed`)
  }
}

export const garbage = (label: string) =>
  new ProviderError(`${label} answered something that is not a translation; nothing was changed`)

/** Texts in batches of at most `maxTexts` and about `maxChars` (a longer text goes alone). */
export function batches(texts: readonly string[], maxTexts: number, maxChars: number): number[][] {
  const out: number[][] = []
  let current: number[] = []
  let size = 0
  texts.forEach((text, i) => {
    if (current.length > 0 && (current.length >= maxTexts || size + text.length > maxChars)) {
      out.push(current)
      current = []
      size = 0
    }
    current.push(i)
    size += text.length
  })
  if (current.length > 0) out.push(current)
  return out
}

/** Runs `work` over items with at most `limit` at once, answers in order. */
export async function inOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const run = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run))
  return results
}
