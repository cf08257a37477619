import { BASE_LANGUAGE } from '../../shared/constants.js'
import type { Project } from '../../shared/types.js'

/** One language version of a page: its language code and its path on this site. */
export interface Alternate {
  lang: string
  path: string
  /** A version kept out of search (decision 112): left out of the set, so out of head and sitemap alike. */
  noindex?: boolean
}

/**
 * The hreflang set of a page, the one source for the page head's `<link rel="alternate">` and the
 * sitemap's `<xhtml:link>` (issue 24, decision 103): every language version (the page itself
 * included, so it refers to itself), each language once in the order given, and x-default on the
 * base language's version (else the first given: a project's original). Every member of a group
 * is given the same list, which is what makes the links reciprocal. A `noindex` version is left
 * out (issue 24, item 6): search engines are never pointed at a page they are told not to index.
 */
export function hreflangSet(alternates: Alternate[]): Alternate[] {
  const byLang = new Map<string, Alternate>()
  for (const alternate of alternates)
    if (!byLang.has(alternate.lang)) byLang.set(alternate.lang, { lang: alternate.lang, path: alternate.path })
  for (const alternate of alternates) if (alternate.noindex) byLang.delete(alternate.lang)
  const members = [...byLang.values()]
  const fallback = byLang.get(BASE_LANGUAGE) ?? members[0]
  return fallback ? [...members, { lang: 'x-default', path: fallback.path }] : members
}

/** Every language version of a project (its translation group), the original first. */
export function projectAlternates(
  project: Pick<Project, 'language' | 'slug' | 'translations' | 'parentId' | 'noindex'>,
): Alternate[] {
  const members: Alternate[] = [{ lang: project.language, path: `/project/${project.slug}`, noindex: project.noindex }]
  for (const t of project.translations)
    members.push({ lang: t.code, path: `/project/${t.slug}`, noindex: t.noindex === true })
  const originalLang = project.parentId?.language ?? project.language
  // Codes compared by code point, not localeCompare: its first call in a page builds ICU's
  // collator, 26-50 ms of a phone's main thread at 4x CPU, in the middle of hydrating the project
  // page (its meta runs this). The codes are ASCII, so the order is the same.
  return members.sort((a, b) =>
    a.lang === originalLang ? -1 : b.lang === originalLang ? 1 : a.lang < b.lang ? -1 : a.lang > b.lang ? 1 : 0,
  )
}

/** A language code as Open Graph writes a locale: es -> es_ES, pt-br -> pt_BR, en -> en_GB. */
export function ogLocale(code: string): string {
  const [language = code, region] = code.toLowerCase().split('-')
  if (region) return `${language}_${region.toUpperCase()}`
  return `${language}_${(DEFAULT_REGIONS[language] ?? language).toUpperCase()}`
}

// The region a bare language code most likely means for a Costa del Sol company's visitors.
const DEFAULT_REGIONS: Record<string, string> = {
  en: 'gb',
  sv: 'se',
  da: 'dk',
  nb: 'no',
  no: 'no',
  nn: 'no',
  ca: 'es',
  eu: 'es',
  gl: 'es',
  el: 'gr',
  cs: 'cz',
  uk: 'ua',
  ja: 'jp',
  zh: 'cn',
  ko: 'kr',
  ar: 'sa',
  he: 'il',
  fa: 'ir',
  hi: 'in',
  et: 'ee',
}
