import { describe, expect, it } from 'vitest'
import { PROJECT_KIND, REVIEW_KIND } from '../../../server/services/publishing/record-kinds.js'
import { fieldLabel, fieldText } from './field-labels.js'

// Every field a project or review version keeps, read from their one declaration (record-kinds.ts).
const VERSIONED = [...new Set([...PROJECT_KIND.editable, ...REVIEW_KIND.editable])]

describe('fieldLabel', () => {
  it('names every versioned field in words, never by its id', () => {
    for (const field of VERSIONED) expect(fieldLabel(field)).not.toMatch(/[a-z][A-Z]|^[a-z]/)
    expect(fieldLabel('imageAlts')).toBe('Alt text of the images')
  })

  it('spells out an id it does not know, and keeps a page text (already words) as it is', () => {
    expect(fieldLabel('someNewField')).toBe('Some new field')
    expect(fieldLabel('Back to home')).toBe('Back to home')
  })
})

describe('fieldText', () => {
  it('shows a map of alt texts one image a line', () => {
    expect(fieldText({ '/a.avif': 'A pool', '/b.avif': { decorative: true } })).toBe(
      '/a.avif: A pool\n/b.avif: decorative: Yes',
    )
  })
})
