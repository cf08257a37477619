import { describe, expect, it } from 'vitest'
import { countedPage, visitSource } from './visit-source.js'

const own = (host: string) => host === 'villas.example'

describe('the source of a view', () => {
  it('takes the campaign first, then the click ids as ads, then the referrer host, else none', () => {
    expect(
      visitSource('/?utm_source=Idealista&utm_medium=Display&utm_campaign=Winter', 'https://google.es/', own),
    ).toEqual({ source: 'idealista', medium: 'display', campaign: 'winter' })
    expect(visitSource('/about?gclid=x', undefined, own)).toEqual({ source: 'google', medium: 'cpc', campaign: '' })
    expect(visitSource('/about?fbclid=x&utm_campaign=spring', undefined, own)).toEqual({
      source: 'facebook',
      medium: 'cpc',
      campaign: 'spring',
    })
    expect(visitSource('/', 'https://www.instagram.com/p/123?igsh=abc', own)).toEqual({
      source: 'instagram.com',
      medium: 'referral',
      campaign: '',
    })
    expect(visitSource('/', 'https://www.villas.example/es', own).source).toBe('(internal)')
    expect(visitSource('/', undefined, own).source).toBe('')
    expect(visitSource('/', 'android-app://com.google.android.gm/', own).source).toBe('')
  })

  it('keeps no more than 100 characters and no control characters of a campaign', () => {
    const long = visitSource(`/?utm_source=${'a'.repeat(500)}%0A`, undefined, own)
    expect(long.source).toBe('a'.repeat(100))
  })
})

describe('the page of a view', () => {
  it('reads the language from the path and a navigation’s data as its page', () => {
    expect(countedPage('/?utm_source=x')).toEqual({ path: '/', language: 'en' })
    expect(countedPage('/es/about.data?_routes=about')).toEqual({ path: '/es/about', language: 'es' })
    expect(countedPage('/_root.data')).toEqual({ path: '/', language: 'en' })
    expect(countedPage('/sv')).toEqual({ path: '/sv', language: 'sv' })
    expect(countedPage('/all-projects/')).toEqual({ path: '/all-projects', language: 'en' })
    expect(countedPage('/project/villa%20mar')).toEqual({
      path: '/project/villa%20mar',
      language: 'en',
      slug: 'villa mar',
    })
    expect(countedPage('/admin/dashboard')).toBeNull()
  })
})
