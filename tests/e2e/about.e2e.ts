import { expect, test } from '@playwright/test'
import { behaviourReady, axeTestsOf, hydrated, watchConsole } from './support/fixtures.js'

// The about page (SPEC 2 About) in English and Swedish, on the demo content.

test('about in English: intro, regions, craft, why, services, banner and carousel @phone', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/about')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A boutique design-and-build studio on the Costa del Sol',
  )
  await expect(
    page.getByText(/^We design and build luxury villas where Nordic clarity meets Mediterranean warmth\./),
  ).toBeVisible()
  const intro = page.getByRole('region', { name: 'About us' })
  await expect(intro.getByRole('listitem')).toHaveText(['MARBELLA', 'MALAGA', 'GREATER ANDALUCIA'])
  // SPEC 2: the about page links to /all-projects (no language prefix).
  await expect(intro.getByRole('link', { name: 'See all projects' })).toHaveAttribute('href', '/all-projects')

  const crafts = ['Natural stone and masonry', 'Wood joinery', 'Hand-crafted elements']
  for (const name of crafts) {
    const craft = page.getByRole('region', { name })
    await expect(craft.getByRole('heading', { level: 2 })).toHaveText(name)
    await expect(craft.locator('img')).toHaveCount(1)
  }
  await expect(
    page.getByText('Bespoke doors, cabinetry and ceilings are crafted in solid timber to last for generations.'),
  ).toBeAttached()

  const why = page.getByRole('region', { name: 'Why choose us' })
  await expect(why.getByRole('tab')).toHaveCount(4)
  await hydrated(page)
  await behaviourReady(why)
  const before = await why.locator('.why-tabs__media').getAttribute('data-active-image')
  await why.getByRole('tab', { name: 'Personalized client experience' }).click()
  await expect(why.getByRole('tabpanel')).toHaveText(
    'A dedicated project lead keeps you informed and involved at every stage.',
  )
  expect(await why.locator('.why-tabs__media').getAttribute('data-active-image')).not.toBe(before)

  const services = page.getByRole('region', {
    name: 'Services seamlessly integrated under one roof to manage every detail',
  })
  await expect(services.getByRole('heading', { level: 3 })).toHaveCount(7)
  // The menu's Services always goes to the home page's block, so this one is no #services.
  await expect(page.locator('#services')).toHaveCount(0)

  const banner = page.getByRole('region', { name: 'Expanding across Costa del Sol' })
  await expect(banner.getByRole('heading', { level: 2 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Follow Us On Instagram' }).locator('.swiper-slide')).toHaveCount(5)
  expect(problems).toEqual([])
})

test('about in Swedish @phone', async ({ page }) => {
  const problems = watchConsole(page)
  await page.goto('/sv/about')
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'En exklusiv studio för design och byggnation på Costa del Sol',
  )
  await expect(
    page.getByText(/^Vi formger och bygger lyxvillor där nordisk klarhet möter medelhavets värme\./),
  ).toBeVisible()
  const intro = page.getByRole('region', { name: 'Om oss' })
  await expect(intro.getByRole('listitem')).toHaveText(['MARBELLA', 'MÁLAGA', 'HELA ANDALUSIEN'])
  await expect(intro.getByRole('link', { name: 'Se alla projekt' })).toHaveAttribute('href', '/all-projects')
  for (const name of ['Natursten och murverk', 'Snickerier i trä', 'Hantverksmässiga detaljer']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeAttached()
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Varför välja oss' })).toBeAttached()
  await expect(page.getByRole('tab', { name: 'Nyckelfärdig design och byggnation' })).toBeAttached()
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: 'Tjänster sömlöst samlade under ett tak för att ta hand om varje detalj',
    }),
  ).toBeAttached()
  await expect(page.getByRole('heading', { level: 3, name: 'ARKITEKTUR' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 2, name: 'Vi växer längs hela Costa del Sol' })).toBeAttached()
  await expect(page.getByRole('heading', { level: 2, name: 'Följ oss på Instagram' })).toBeAttached()
  await expect(page.getByText('Natural stone and masonry')).toHaveCount(0)
  await expect(page).toHaveTitle(/^En exklusiv studio för design och byggnation på Costa del Sol/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/sv\/about$/)
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/about$/)
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/es\/about$/)
  await hydrated(page)
  expect(problems).toEqual([])
})

test('an unknown language goes to /404', async ({ page }) => {
  await page.goto('/xx/about')
  await expect(page).toHaveURL(/\/404$/)
})

axeTestsOf('about', ['/about', '/sv/about'])
