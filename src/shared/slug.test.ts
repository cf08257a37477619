import { describe, expect, it } from 'vitest'
import { toSlug } from './slug.js'

describe('toSlug', () => {
  it('transliterates to lower-case ASCII with dashes', () => {
    expect(toSlug('Villa Ñandú, Åre & Málaga')).toBe('villa-nandu-are-and-malaga')
  })
  it('is never empty', () => {
    expect(toSlug('🏠🌴')).toBe('project')
    expect(toSlug('   ')).toBe('project')
  })
  it('stays short', () => {
    expect(toSlug('a'.repeat(300)).length).toBeLessThanOrEqual(80)
  })
})
