import { describe, expect, it } from 'vitest'
import { makeTranslate, textFor } from './page-text.js'

describe('page text resolution', () => {
  const home = { es: { Hello: 'Hola' }, en: { Hello: 'Hello there', Bye: 'Goodbye' }, sv: { Hello: 'Hej' } }
  it('uses the route language, then en, then the source text', () => {
    const t = makeTranslate('es', [home])
    expect(t('Hello')).toBe('Hola')
    expect(t('Bye')).toBe('Goodbye')
    expect(t('Untranslated')).toBe('Untranslated')
  })
  it('prefers the page dictionary over the shared one', () => {
    const t = makeTranslate('es', [{ es: { Hello: 'Buenas' } }, home])
    expect(t('Hello')).toBe('Buenas')
  })
  it('keeps only the languages a page needs', () => {
    expect(Object.keys(textFor(home, 'es')).sort()).toEqual(['en', 'es'])
  })
  it('keeps only the strings a page shows, in each of its languages', () => {
    expect(textFor(home, 'es', ['Bye', 'Unknown'])).toEqual({ es: {}, en: { Bye: 'Goodbye' } })
  })
})
