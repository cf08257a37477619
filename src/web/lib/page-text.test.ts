import { describe, expect, it } from 'vitest'
import { makeTranslate, textFor } from './page-text.js'
import { textKey } from '../../shared/translate.js'

describe('page text resolution', () => {
  const home = { es: { Hello: 'Hola' }, en: { Hello: 'Hello there', Bye: 'Goodbye' }, sv: { Hello: 'Hej' } }
  it('uses the route language, then en, then the source text', () => {
    const t = makeTranslate('es', [textFor(home, 'es')])
    expect(t('Hello')).toBe('Hola')
    expect(t('Bye')).toBe('Goodbye')
    expect(t('Untranslated')).toBe('Untranslated')
  })
  it('prefers the page dictionary over the shared one', () => {
    const t = makeTranslate('es', [textFor({ es: { Hello: 'Buenas' } }, 'es'), textFor(home, 'es')])
    expect(t('Hello')).toBe('Buenas')
  })
  it('keeps only the languages a page needs', () => {
    expect(Object.keys(textFor(home, 'es')).sort()).toEqual(['en', 'es'])
  })
  it('keeps only the strings a page shows, in each of its languages', () => {
    expect(textFor(home, 'es', ['Bye', 'Unknown'])).toEqual({ es: {}, en: { [textKey('Bye')]: 'Goodbye' } })
  })
  it('sends no English source text with a translation, only its short key', () => {
    const about = { es: { 'A boutique design-and-build studio on the Costa del Sol': 'Un estudio boutique' } }
    const sent = JSON.stringify(textFor(about, 'es'))
    expect(sent).not.toContain('boutique design')
    expect(sent.length).toBeLessThan(50)
    expect(makeTranslate('es', [textFor(about, 'es')])('A boutique design-and-build studio on the Costa del Sol')).toBe(
      'Un estudio boutique',
    )
  })
})
