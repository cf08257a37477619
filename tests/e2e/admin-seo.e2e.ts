import type { Page } from '@playwright/test'
import type { Redirect } from '../../src/shared/schemas/redirect.schema.js'
import type { SiteSettings } from '../../src/shared/schemas/site-settings.schema.js'
import type { Project } from '../../src/shared/types.js'
import { expect, test } from './support/admin-api.js'
import { expectNoAxeViolations, hydrated, openUntil, openUntilShown } from './support/fixtures.js'

// Issue 24 in the browser: the Site settings screen feeds the footer's icons, the Redirects
// screen's redirect is followed, a slug change is followed, and the search preview follows a
// title. Each test puts back what it changed.

async function open(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

test.beforeEach(async ({ page, admin }) => {
  await admin.signedIn(page)
})

test('fill the site settings and see the footer’s social icons', async ({ page, admin }) => {
  const before = (await admin.get<{ settings: SiteSettings }>('/settings')).settings
  admin.afterTest(() =>
    page.request.put('/api/admin/settings', { headers: { authorization: `Bearer ${admin.token}` }, data: before }),
  )
  await open(page, '/admin/settings', 'Site settings')
  await expectNoAxeViolations(page)

  // The shared schema refuses a bad address in the browser, naming and focusing the field.
  await page.getByLabel('Instagram').fill('instagram.com/villas')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('alert')).toHaveText('Instagram must be a web address starting with https://')
  await expect(page.getByLabel('Instagram')).toBeFocused()

  await page.getByLabel('Instagram').fill(`https://www.instagram.com/villas${admin.stamp}`)
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/company/villas')
  await page.getByLabel('Facebook').fill('')
  await page.getByLabel('YouTube').fill('')
  await page.getByLabel('Phone').fill('+34 600 111 222')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status')).toHaveText('Site settings updated')

  // The page cache may answer the previous /es/about once while it renders the new one.
  const social = page.getByRole('list', { name: /social/i })
  await openUntilShown(page, '/es/about', social)
  await hydrated(page)
  await social.scrollIntoViewIfNeeded()
  const instagram = social.getByRole('link', { name: /Instagram/ })
  await expect(instagram).toHaveAttribute('href', `https://www.instagram.com/villas${admin.stamp}`)
  await expect(instagram).toHaveAttribute('target', '_blank')
  await expect(instagram).toHaveAttribute('rel', /noopener/)
  await expect(social.getByRole('link', { name: /LinkedIn/ })).toBeVisible()
  await expect(social.getByRole('link')).toHaveCount(2)

  const phone = page.getByRole('link', { name: /\+34 600 111 222/ })
  await openUntilShown(page, '/contact', phone)
  await expect(phone).toHaveAttribute('href', 'tel:+34600111222')
})

test('add a redirect and follow it; an existing page cannot be redirected', async ({ page, admin }) => {
  const from = `/old-site/villa-${admin.stamp}.html`
  admin.afterTest(async () => {
    const redirect = (await admin.get<Redirect[]>('/redirects')).find((r) => r.from === from)
    if (redirect) await admin.remove(`/redirects/${redirect._id}`)
  })
  await open(page, '/admin/redirects', 'Redirects')

  await page.getByLabel('From', { exact: true }).fill('/about')
  await page.getByLabel('To', { exact: true }).fill('/contact')
  await page.getByRole('button', { name: 'Add Redirect' }).click()
  await expect(page.getByRole('alert')).toHaveText(/\/about is a page of this site/)
  await expect(page.getByLabel('From', { exact: true })).toBeFocused()

  await page.getByLabel('From', { exact: true }).fill(`https://old-site.example${from}`)
  await page.getByLabel('To', { exact: true }).fill('/about')
  await page.getByRole('button', { name: 'Add Redirect' }).click()
  await expect(page.getByRole('status')).toHaveText(`Redirect added: ${from} → /about`)
  await expect(page.getByRole('rowheader', { name: from })).toBeVisible()
  await expectNoAxeViolations(page)

  const response = await page.goto(`${from}?utm_source=newsletter`)
  await expect(page).toHaveURL(/\/about\?utm_source=newsletter$/)
  expect(response?.request().redirectedFrom()?.url()).toMatch(from)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('change a slug and follow the old link; a slug another project has is refused', async ({ page, admin }) => {
  const project = await admin.createProject({ project: { title: `Villa Enlace ${admin.stamp}` } })
  const other = await admin.createProject({ project: { title: `Villa Vecina ${admin.stamp}` } })
  await open(page, `/admin/update-project/${project._id}`, 'Edit Project')
  const slug = page.getByLabel('Slug', { exact: true })
  await expect(slug).toHaveValue(project.slug)

  await slug.fill(other.slug)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('alert')).toContainText(
    `The slug "${other.slug}" is already used by the project "Villa Vecina ${admin.stamp}" (en)`,
  )
  await expect(slug).toBeFocused()

  // Typed as words, made an address the way the server makes it; the hint says the old one redirects.
  const newSlug = `villa-enlace-${admin.stamp}-playa-n`
  await slug.fill(`Villa Enlace ${admin.stamp} Playa Ñ`)
  await expect(page.getByText(`New address: /project/${newSlug}`)).toContainText(`/project/${project.slug}`)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')
  await expect(slug).toHaveValue(newSlug)
  await expectNoAxeViolations(page)

  const response = await page.goto(`/project/${project.slug}`)
  await expect(page).toHaveURL(new RegExp(`/project/${newSlug}$`))
  expect(response?.status()).toBe(200)
  expect(response?.request().redirectedFrom()?.url()).toMatch(`/project/${project.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: `Villa Enlace ${admin.stamp}` })).toBeVisible()
})

test('edit a project’s search headline and watch the counter and the previews change', async ({ page, admin }) => {
  const project = await admin.createProject({ project: { title: `Villa Previa ${admin.stamp}` } })
  await open(page, `/admin/update-project/${project._id}`, 'Edit Project')
  await page.getByText('Search and social').click()
  const headline = page.getByLabel('Search result headline')
  const desktop = page.getByTestId('serp-desktop')
  const phone = page.getByTestId('serp-phone')
  const card = page.getByTestId('social-card-preview')

  // Empty: the previews show what the site derives, the project's own title.
  await expect(page.getByText('Empty: the page’s own title is used.')).toBeVisible()
  await expect(desktop.locator('.seo-serp__title')).toHaveText(`Villa Previa ${admin.stamp}`)
  await expect(page.getByRole('region', { name: 'Previews' })).toHaveAttribute('lang', 'en')

  const title = `Villa Previa ${admin.stamp}: sea views`
  await headline.fill(title)
  await expect(page.getByText(`${title.length} characters: shown whole`)).toBeVisible()
  await expect(desktop.locator('.seo-serp__title')).toHaveText(title)
  await expect(phone.locator('.seo-serp__title')).toHaveText(title)
  await expect(card.locator('.seo-card__title')).toHaveText(title)
  await expect(desktop).toContainText(`/project/${project.slug}`)

  // Past the guidance the counter says so (and turns red); past the limit the field stops typing.
  await headline.fill(`${title} and a terrace over the Mediterranean sea`)
  await expect(page.locator('.seo-counter--long')).toContainText('search results cut titles after about 60')
  await headline.fill(title)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')
  await expectNoAxeViolations(page)

  const saved = await admin.get<Project>(`/get-project/${project._id}`)
  expect(saved.seoTitle).toBe(title)
  // The page cache may answer the previous page once while it renders the new one.
  await openUntil(page, `/project/${project.slug}`, () =>
    expect(page).toHaveTitle(new RegExp(`^${title}`), { timeout: 1000 }),
  )
})
