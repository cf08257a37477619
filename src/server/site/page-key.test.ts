import { describe, expect, it } from 'vitest'
import { pageKey } from './page-key.js'

describe('pageKey', () => {
  it('is the path for a page that reads no query parameter', () => {
    expect(pageKey('/')).toBe('/')
    expect(pageKey('/?utm_source=newsletter&utm_medium=email&fbclid=abc')).toBe('/')
    expect(pageKey('/es/about?gclid=xyz')).toBe('/es/about')
  })
  it('keeps the parameters a page reads, in a fixed order, and drops the rest', () => {
    expect(pageKey('/all-projects?utm_campaign=spring&page=3')).toBe('/all-projects?page=3')
    expect(pageKey('/es/all-projects?page=2&gclid=1')).toBe('/es/all-projects?page=2')
    expect(pageKey('/all-projects?gclid=1')).toBe('/all-projects')
    expect(pageKey('/es/contact?utm_source=x&project=villa-brisa')).toBe('/es/contact?project=villa-brisa')
    expect(pageKey('/contact?gclid=1')).toBe('/contact')
  })
  it("keeps React Router's route list on a data request", () => {
    expect(pageKey('/all-projects.data?page=2&_routes=a,b&utm_source=x')).toBe(
      '/all-projects.data?_routes=a%2Cb&page=2',
    )
    expect(pageKey('/about.data?_routes=x&fbclid=1')).toBe('/about.data?_routes=x')
  })
  it("keeps the whole question of React Router's route discovery", () => {
    expect(pageKey('/__manifest?p=%2F404&p=%2Fabout&version=abc')).toBe('/__manifest?p=%2F404&p=%2Fabout&version=abc')
  })
  it('refuses addresses that cannot name a page', () => {
    expect(pageKey('/%00')).toBeNull()
    expect(pageKey('/about%00.html')).toBeNull()
    expect(pageKey('/%E0%A4%A')).toBeNull()
    expect(pageKey('about')).toBeNull()
  })
})
