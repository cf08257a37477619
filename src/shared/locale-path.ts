import { BASE_LANGUAGE } from './constants.js'

/** A public path in a language: the base language has no prefix (/about), others do (/es/about). */
export function localePath(lang: string, path: string): string {
  const clean = path === '/' ? '' : path
  return lang === BASE_LANGUAGE ? clean || '/' : `/${lang}${clean}`
}
