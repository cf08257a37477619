import type { Env } from '../../env.js'
import { apertiumProvider } from './apertium.js'
import { deeplProvider } from './deepl.js'
import { libreTranslateProvider } from './libretranslate.js'
import type { MachineProvider } from './provider.js'

export type { LanguagePair, MachineProvider, TranslateOptions } from './provider.js'
export { ProviderError } from './provider.js'

type ProviderEnv = Pick<
  Env,
  'DEEPL_API_KEY' | 'DEEPL_API_URL' | 'LIBRETRANSLATE_URL' | 'LIBRETRANSLATE_API_KEY' | 'APERTIUM_URL'
>

/** The provider the configuration names, chosen once at start: DeepL, then LibreTranslate, then Apertium. */
export function providerFromEnv(env: Partial<ProviderEnv>, timeoutMs?: number): MachineProvider | null {
  if (env.DEEPL_API_KEY) return deeplProvider(env.DEEPL_API_KEY, env.DEEPL_API_URL, timeoutMs)
  if (env.LIBRETRANSLATE_URL)
    return libreTranslateProvider(env.LIBRETRANSLATE_URL, env.LIBRETRANSLATE_API_KEY, timeoutMs)
  if (env.APERTIUM_URL) return apertiumProvider(env.APERTIUM_URL, timeoutMs)
  return null
}
