import { describe, expect, it } from 'vitest'
import { pageTextPath } from './public-addresses.js'

describe('pageTextPath', () => {
  it('is the page whose SEO fields the page text holds (SITE_PAGES), in its language', () => {
    expect(pageTextPath('all-projects', 'es')).toBe('/es/all-projects')
    expect(pageTextPath('about', 'en')).toBe('/about')
    expect(pageTextPath('home', 'sv')).toBe('/sv')
    // A page text with no page of its own (the forms' texts): the home page.
    expect(pageTextPath('lead-form', 'es')).toBe('/es')
  })
})
