import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema.js'
import { projectForm } from '../support/factories.js'
import { type TestServer } from '../support/test-server.js'
import { freshPage } from '../support/fresh-page.js'
import { startSignedIn } from '../support/signed-in-server.js'

// Site settings (issue 24, item 5) over real HTTP, and what the public pages make of them (needs
// `npm run build`).
let server: TestServer
beforeAll(async () => {
  server = await startSignedIn({ site: true }, 'es')
  const added = await server.call('POST', '/api/admin/add-project', {
    form: await projectForm({ fields: { title: 'Villa Mirador, Benahavís' } }),
  })
  expect(added.status).toBe(200)
})
afterAll(() => server.close())

const FULL = {
  companyName: 'Mirador Homes',
  email: 'hello@mirador.example',
  phone: '+34 600 111 222',
  streetAddress: 'Calle Real 1',
  locality: 'Marbella',
  region: 'Málaga',
  postalCode: '29601',
  country: 'ES',
  latitude: 36.5101,
  longitude: -4.8825,
  areasServed: ['Marbella', 'Benahavís', 'Estepona'],
  instagram: 'https://www.instagram.com/mirador',
  facebook: '',
  linkedin: 'https://www.linkedin.com/company/mirador',
  youtube: '',
}

const put = (json: unknown) => server.call('PUT', '/api/admin/settings', { json })
const page = (path: string) => freshPage(server.url, path)
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (m) => JSON.parse(m[1]!)['@graph'] as Record<string, any>[],
  )
const nodeOf = (html: string, type: string) => jsonLdOf(html).find((node) => node['@type'] === type)

describe('site settings', () => {
  it('answers the defaults before anything is saved, only to a signed-in admin', async () => {
    expect((await server.call('GET', '/api/admin/settings', { token: null })).status).toBe(401)
    expect((await server.call('PUT', '/api/admin/settings', { json: FULL, token: null })).status).toBe(401)
    const res = await server.call('GET', '/api/admin/settings')
    expect(res.status).toBe(200)
    expect(res.body.settings).toMatchObject({ companyName: 'Costa del Sol Villas', instagram: '', facebook: '' })
  })

  it('refuses an invalid e-mail, phone, profile address or coordinate, naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'not-an-address' }, 'email', /E-mail/],
      [{ phone: 'call me' }, 'phone', /Phone/],
      [{ phone: '12' }, 'phone', /Phone/],
      [{ instagram: 'javascript:alert(1)' }, 'instagram', /Instagram/],
      [{ facebook: 'facebook.com/mirador' }, 'facebook', /Facebook/],
      [{ latitude: 91 }, 'latitude', /Latitude/],
      [{ longitude: 'west' }, 'longitude', /Longitude/],
      [{ latitude: 36.5, longitude: null }, 'longitude', /together/],
      [{ companyName: '' }, 'companyName', /Company name is required/],
      [{ areasServed: ['x'.repeat(81)] }, 'areasServed', /80 characters/],
    ]
    for (const [change, field, message] of cases) {
      const res = await put({ ...FULL, ...change })
      expect(res.status, field).toBe(400)
      expect(res.body.field, JSON.stringify(change)).toBe(field)
      expect(res.body.message).toMatch(message)
    }
    expect((await server.call('GET', '/api/admin/settings')).body.settings.companyName).toBe('Costa del Sol Villas')
  })

  it('saves the settings, answers them, and records the change in the audit log', async () => {
    const res = await put({
      ...FULL,
      latitude: '36.5101',
      longitude: '-4.8825',
      areasServed: 'Marbella\nBenahavís\n\nEstepona',
    })
    expect(res.status).toBe(200)
    expect(res.body.settings).toEqual(FULL)
    expect((await server.call('GET', '/api/admin/settings')).body.settings).toEqual(FULL)
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings'))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ action: 'update', actorName: 'admin' })
    expect(entries[0]!.changes.companyName).toEqual({ from: 'Costa del Sol Villas', to: 'Mirador Homes' })
    // Saving the same again changes nothing, and logs nothing.
    await put(FULL)
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings'))).toHaveLength(1)
  })

  it('feeds the footer: an icon per profile, opening in a new tab, none for an empty one', async () => {
    await put(FULL)
    const html = await page('/es/about')
    const footer = html.slice(html.indexOf('<footer'))
    expect(footer).toContain('href="https://www.instagram.com/mirador" target="_blank" rel="noopener noreferrer"')
    expect(footer).toContain(
      'href="https://www.linkedin.com/company/mirador" target="_blank" rel="noopener noreferrer"',
    )
    expect(footer).not.toMatch(/aria-label="(Facebook|YouTube)/)
    expect(footer).toContain('Mirador Homes')
    await put({ ...FULL, instagram: '', linkedin: '' })
    expect(await page('/es/about')).not.toContain('site-footer__social')
  })

  it('feeds the contact page: the e-mail and phone links', async () => {
    await put(FULL)
    const html = await page('/contact')
    expect(html).toContain('href="mailto:hello@mirador.example"')
    expect(html).toContain('href="tel:+34600111222"')
    expect(html).toContain('+34 600 111 222')
  })

  it('describes the company in JSON-LD: Organization, WebSite and the business on home, in its language', async () => {
    await put(FULL)
    const html = await page('/es')
    const organization = nodeOf(html, 'Organization')!
    expect(organization).toMatchObject({ name: 'Mirador Homes', email: 'hello@mirador.example' })
    expect(organization.sameAs).toEqual([
      'https://www.instagram.com/mirador',
      'https://www.linkedin.com/company/mirador',
    ])
    expect(nodeOf(html, 'WebSite')).toMatchObject({ name: 'Mirador Homes', inLanguage: 'es' })
    expect(nodeOf(html, 'WebPage')).toMatchObject({ inLanguage: 'es' })
    const business = nodeOf(html, 'HomeAndConstructionBusiness')!
    expect(business.address).toMatchObject({
      streetAddress: 'Calle Real 1',
      addressLocality: 'Marbella',
      postalCode: '29601',
    })
    expect(business.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 36.5101, longitude: -4.8825 })
    expect(business.areaServed).toEqual(FULL.areasServed.map((name) => ({ '@type': 'Place', name })))
    expect(jsonLdOf(html).map((n) => n['@type'])).not.toContain('RealEstateListing')
    expect(jsonLdOf(html).map((n) => n['@type'])).not.toContain('FAQPage')
  })

  it('gives a project page its breadcrumbs, and every page its language', async () => {
    const projects = (await server.call('GET', '/api/admin/get-projects')).body
    const html = await page(`/project/${projects[0].slug}`)
    const webPage = nodeOf(html, 'WebPage')!
    expect(webPage.inLanguage).toBe('en')
    expect(webPage.breadcrumb['@type']).toBe('BreadcrumbList')
    expect(webPage.breadcrumb.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Mirador Homes',
      'Our Portfolio',
      'Villa Mirador, Benahavís',
    ])
    expect(webPage.breadcrumb.itemListElement[2].item).toBe(`http://localhost:3000/project/${projects[0].slug}`)
    for (const path of ['/about', '/es/all-projects', '/es/contact', '/privacy-policy'])
      expect(nodeOf(await page(path), 'WebPage')!.inLanguage, path).toBe(path.startsWith('/es') ? 'es' : 'en')
  })
})
