import { describe, expect, it } from 'vitest'
import { normalizeSlug, toSlug } from './slug.js'

describe('toSlug', () => {
  it('transliterates to lower-case ASCII with dashes', () => {
    expect(toSlug('Villa Ñandú, Åre & Málaga')).toBe('villa-nandu-are-and-malaga')
  })
  it('transliterates letters that have no accent to strip', () => {
    expect(toSlug('Straße Ærø Łódź')).toBe('strasse-aero-lodz')
  })
  it('is never empty', () => {
    expect(toSlug('🏠🌴')).toBe('project')
    expect(toSlug('   ')).toBe('project')
  })
  it('stays short', () => {
    expect(toSlug('a'.repeat(300)).length).toBeLessThanOrEqual(80)
  })
})

describe('normalizeSlug', () => {
  it('keeps what an admin typed as a slug, tidied', () => {
    expect(normalizeSlug('  Villa--Sol/Nerja_ ')).toBe('villa-sol-nerja')
    expect(normalizeSlug('villa-sol-2')).toBe('villa-sol-2')
  })
  it('answers empty when nothing is left', () => {
    expect(normalizeSlug('🏠')).toBe('')
  })
})
