// Over 300 lines: the back office's content screens share one signed-in admin and the review,
// language and translation records they are tested with; each test still stands alone.
import type { Page } from '@playwright/test'
import type { Language, Review, TranslationPage } from '../../src/shared/types.js'
import { jpeg } from '../support/images.js'
import { expect, test, type AdminApi } from './support/admin-api.js'
import { E2E_ADMIN, expectNoAxeViolations, hydrated, openUntilShown, signIn } from './support/fixtures.js'
import { adminNav } from './support/admin-menu.js'

// The reviews, languages, translations, overview, enquiries and account screens, end to end.
// Each test makes its own records through the admin API (the `admin` fixture, with the demo
// seed's factories), which deletes them again afterwards; the change-password test puts the
// password back.

/** Opens an admin screen and waits until its client loader has rendered the heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** Accepts the next confirm() and hands back its message. */
function acceptNextDialog(page: Page) {
  return new Promise<string>((resolve) => {
    page.once('dialog', async (dialog) => {
      const message = dialog.message()
      await dialog.accept()
      resolve(message)
    })
  })
}

test.describe('content screens', () => {
  // Each page starts with the test's own admin session.
  test.beforeEach(async ({ page, admin }) => {
    await admin.signedIn(page)
  })

  test('add a review with an image, translate it into es, see it in es, then delete it', async ({
    page,
    request,
    admin,
  }) => {
    const { stamp } = admin
    const title = `E2E Reviewer ${stamp}, Nerja`
    const esTitle = `E2E Reseñador ${stamp}, Nerja`
    const esDescription = 'Un equipo estupendo; terminaron a tiempo.'

    await open(page, '/admin/add-review', 'Add Review')
    // Client validation with the shared schema: nothing is sent.
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expect(page.getByRole('alert')).toHaveText('Title is required')
    await expect(page.getByLabel('Title')).toBeFocused()

    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Wonderful team, finished on time.')
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expect(page.getByRole('alert')).toHaveText('Featured image is required')

    await page
      .getByLabel('Featured Image', { exact: true })
      .setInputFiles({ name: 'maria.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 480) })
    await expect(page.getByRole('img', { name: 'Preview of maria.jpg' })).toBeVisible()
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expect(page).toHaveURL(/\/admin\/reviews$/)
    const row = page.getByRole('row', { name: new RegExp(title) })
    await expect(row).toBeVisible()

    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Review Details' })).toBeVisible()
    await expect(page.getByText(title, { exact: true })).toBeVisible()
    await expect(page.getByRole('img', { name: `Featured image of ${title}` })).toBeVisible()
    await expect(page.getByText('No translations yet.')).toBeVisible()

    await page.getByRole('link', { name: 'Translate', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Translate Review' })).toBeVisible()
    const language = page.getByLabel('Translation Language')
    // Every language except en (and except those the review already has).
    const codes = await language
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(codes).not.toContain('en')
    expect(codes).toContain('es')
    await language.selectOption('es')
    await page.getByLabel('Title').fill(esTitle)
    await page.getByLabel('Description').fill(esDescription)
    await page.getByRole('button', { name: 'Translate Review' }).click()
    await expect(page).toHaveURL(/\/admin\/reviews$/)

    // The public list in es carries the Spanish version (with the original's image).
    const inSpanish = (await (await request.get('/api/admin/get-reviews/es')).json()) as Review[]
    const translated = inSpanish.find((r) => r.title === esTitle)
    expect(translated).toMatchObject({ description: esDescription, language: 'es' })
    expect(translated?.featuredImage).toMatch(/^\/uploads\//)

    // The public home page in es shows it among the testimonials.
    await openUntilShown(page, '/es', page.getByText(esTitle))

    // The detail lists the translation; translating again no longer offers es.
    await page.goto('/admin/reviews')
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('link', { name: 'View Details' })
      .click()
    await expect(page.getByRole('link', { name: 'Edit Translation in Español' })).toBeVisible()
    const detailUrl = page.url()
    await page.getByRole('link', { name: 'Translate', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Translate Review' })).toBeVisible()
    await expect(page.getByLabel('Translation Language').locator('option[value="es"]')).toHaveCount(0)

    // Edit the translation, then delete the original (and with it the translation).
    await page.goto(detailUrl)
    await page.getByRole('link', { name: 'Edit Translation in Español' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Review Translation' })).toBeVisible()
    await page.getByLabel('Description').fill(`${esDescription} ¡Gracias!`)
    await page.getByRole('button', { name: 'Update Review' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Review updated successfully!' })).toBeVisible()

    await page.goto(detailUrl)
    const dialog = acceptNextDialog(page)
    await page.getByRole('button', { name: 'Delete' }).click()
    expect(await dialog).toContain(title)
    await expect(page).toHaveURL(/\/admin\/reviews$/)
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
    const after = (await (await request.get('/api/admin/get-reviews/es')).json()) as Review[]
    expect(after.some((r) => r.title === esTitle)).toBe(false)
  })

  test('edit a review: validation, image removal and the success message', async ({ page, admin }) => {
    const review = await admin.createReview({ title: `E2E Edit Me ${admin.stamp}`, description: 'Before' })

    await open(page, `/admin/update-review/${review._id}`, 'Edit Review')
    await page.getByLabel('Title').fill('')
    await page.getByRole('button', { name: 'Update Review' }).click()
    await expect(page.getByRole('alert')).toHaveText('Title is required')

    await page.getByLabel('Title').fill('E2E Edited')
    await page.getByRole('button', { name: 'Remove featured image' }).click()
    await expect(page.getByText('No featured image. Choose one below.')).toBeVisible()
    await page.getByRole('button', { name: 'Update Review' }).click()
    await expect(page.getByText('Review updated successfully!')).toBeVisible()
    const saved = await admin.get<Review>(`/get-review/${review._id}`)
    expect(saved).toMatchObject({ title: 'E2E Edited', featuredImage: null })
  })

  test('add a language, then delete it after confirming', async ({ page, admin }) => {
    admin.afterTest(() => admin.deleteLanguage('de'))
    await open(page, '/admin/languages', 'Languages')
    await page.getByRole('link', { name: 'Add Language' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Language' })).toBeVisible()

    await page.getByLabel('Name').fill('Deutsch')
    await page.getByLabel('Code').fill('german')
    await page.getByRole('button', { name: 'Add Language' }).click()
    await expect(page.getByRole('alert')).toHaveText('Code must be a language code such as "es" or "pt-br"')

    // The server's message for a duplicate.
    await page.getByLabel('Code').fill('es')
    await page.getByRole('button', { name: 'Add Language' }).click()
    await expect(page.getByRole('alert')).toHaveText('A language with code "es" already exists')

    await page.getByLabel('Code').fill('DE')
    await page.getByRole('button', { name: 'Add Language' }).click()
    await expect(page).toHaveURL(/\/admin\/languages$/)
    const row = page.getByRole('row', { name: /Deutsch/ })
    await expect(row).toContainText('de')

    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Language Details' })).toBeVisible()
    await page.getByRole('link', { name: 'Edit' }).click()
    await page.getByLabel('Name').fill('German')
    await page.getByRole('button', { name: 'Update language' }).click()
    await expect(page.getByText('Language updated successfully!')).toBeVisible()
    await page.goBack()
    await page.reload()
    await expect(page.getByText('German', { exact: true })).toBeVisible()

    const dialog = acceptNextDialog(page)
    await page.getByRole('button', { name: 'Delete' }).click()
    expect(await dialog).toMatch(/German \(de\)/)
    await expect(page).toHaveURL(/\/admin\/languages$/)
    await expect(page.getByRole('row', { name: /German/ })).toHaveCount(0)
    const languages = await admin.get<Language[]>('/get-languages')
    expect(languages.map((l) => l.code)).not.toContain('de')
  })

  test('deleting a language in use shows the server message', async ({ page, admin }) => {
    const name = `Italiano ${admin.stamp}`
    const language = await admin.createLanguage({ code: 'it', name })
    await admin.createReview({ title: `E2E Recensione ${admin.stamp}`, language: 'it' })
    await open(page, '/admin/languages', 'Languages')
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name: 'View Details' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/language/${language._id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Language Details' })).toBeVisible()
    const dialog = acceptNextDialog(page)
    await page.getByRole('button', { name: 'Delete' }).click()
    await dialog
    await expect(page.getByRole('alert')).toHaveText(
      `${name} is used by 1 item (1 review); remove them before deleting the language`,
    )
    await expect(page).toHaveURL(/\/admin\/language\//)

    // Cancelling the confirmation sends nothing.
    page.once('dialog', (d) => d.dismiss())
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/language\//)
  })

  test('add a translation page: the message shows, then goes after 3 seconds; then add texts', async ({
    page,
    admin,
  }) => {
    const slug = `e2e-page-${admin.stamp}`
    admin.afterTest(async () => {
      const page = (await admin.get<TranslationPage[]>('/get-translations')).find((p) => p.page === slug)
      if (page) await admin.remove(`/delete-translation/${page._id}`)
    })
    await open(page, '/admin/translations', 'Translations')
    await page.getByRole('button', { name: 'Add Translation Page' }).click()
    await expect(page.getByRole('alert')).toHaveText('Page Slug is required')

    await page.getByLabel('Page Slug').fill(slug)
    await page.getByRole('button', { name: 'Add Translation Page' }).click()
    const added = page.getByText('Translation page added successfully')
    await expect(added).toBeVisible()
    await expect(page.getByLabel('Page Slug')).toHaveValue('')
    const row = page.getByRole('row', { name: new RegExp(slug) })
    await expect(row).toBeVisible()
    await page.waitForTimeout(2000)
    await expect(added).toBeVisible()
    await expect(added).toBeHidden({ timeout: 2500 })

    // The same slug again: the server's message.
    await page.getByLabel('Page Slug').fill(slug)
    await page.getByRole('button', { name: 'Add Translation Page' }).click()
    await expect(page.getByRole('alert')).toHaveText(`A translation page "${slug}" already exists`)

    // New entries through 'English Text' / 'Translated Text'; a row without English text is ignored.
    await row.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Edit Translation/ })).toBeVisible()
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en')
    await page.getByLabel('Language', { exact: true }).selectOption('es')
    await page.getByLabel('English Text').fill('Privacy')
    await page.getByLabel('Translated Text').fill('Privacidad')
    await page.getByRole('button', { name: 'Add More Text' }).click()
    await page.getByLabel('English Text').nth(1).fill('Cookies')
    await page.getByLabel('Translated Text').nth(1).fill('Galletas')
    await page.getByRole('button', { name: 'Add More Text' }).click()
    await page.getByLabel('Translated Text').nth(2).fill('ignored: no English text')
    await page.getByRole('button', { name: 'Update translation' }).click()
    await expect(page.getByText('translation updated successfully!')).toBeVisible()
    await expect(page.getByLabel('Privacy', { exact: true })).toHaveValue('Privacidad')

    // Swedish lacks both; filling one keeps the Spanish text.
    await page.getByLabel('Language', { exact: true }).selectOption('sv')
    await expect(page.getByText('Svenska (sv) lacks 2 of 2 texts.')).toBeVisible()
    await page.getByLabel('Privacy', { exact: true }).fill('Integritet')
    await page.getByRole('button', { name: 'Update translation' }).click()
    await expect(page.getByText('translation updated successfully!')).toBeVisible()
    await expect(page.getByText('Svenska (sv) lacks 1 of 2 texts.')).toBeVisible()

    const pages = await admin.get<TranslationPage[]>('/get-translations')
    const saved = pages.find((p) => p.page === slug)!
    expect(saved.translations).toEqual([
      { es: { Privacy: 'Privacidad', Cookies: 'Galletas' }, sv: { Privacy: 'Integritet' } },
    ])
  })

  test("edit the home page's Spanish text and see it on the public /es page", async ({ page, request }) => {
    await open(page, '/admin/translations', 'Translations')
    await page.getByRole('row', { name: /^home/ }).getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Edit Translation/ })).toBeVisible()
    const language = page.getByLabel('Language', { exact: true })
    await language.selectOption('es')
    const viewAll = page.getByLabel('View All', { exact: true })
    await expect(viewAll).toHaveValue('Ver todos')
    const editUrl = page.url()

    try {
      await viewAll.fill('Ver todos los proyectos')
      await page.getByRole('button', { name: 'Update translation' }).click()
      await expect(page.getByText('translation updated successfully!')).toBeVisible()

      // Other languages' text is kept.
      const home = (await (await request.get('/api/admin/get-translation-page/home')).json()) as TranslationPage
      expect(home.translations[0]?.es?.['View All']).toBe('Ver todos los proyectos')
      expect(home.translations[0]?.sv?.['View All']).toBe('Visa alla')

      await openUntilShown(page, '/es', page.getByRole('link', { name: 'Ver todos los proyectos' }))
    } finally {
      await page.goto(editUrl)
      await page.getByLabel('Language', { exact: true }).selectOption('es')
      await page.getByLabel('View All', { exact: true }).fill('Ver todos')
      await page.getByRole('button', { name: 'Update translation' }).click()
      await expect(page.getByText('translation updated successfully!')).toBeVisible()
    }
  })

  test("updating a translation without a language alerts 'Please select language'", async ({ page, admin }) => {
    const about = await admin.createTranslationPage()
    await open(page, `/admin/update-translation/${about._id}`, /Edit Translation/)
    await page.getByLabel('Language', { exact: true }).selectOption('')
    const dialog = acceptNextDialog(page)
    await page.getByRole('button', { name: 'Update translation' }).click()
    expect(await dialog).toBe('Please select language')
    await expect(page.getByText('translation updated successfully!')).toHaveCount(0)
    const again = await admin.get<TranslationPage>(`/get-translation/${about._id}`)
    expect(again.updatedAt).toBe(about.updatedAt)
  })

  test('the overview shows what is missing per language and links to fill it', async ({ page, admin }) => {
    // A review in English and Spanish, none in Swedish; a page with Spanish text only.
    const original = await admin.createReview({ title: `E2E Overview ${admin.stamp}` })
    await admin.translateReview(original, { title: `E2E Resumen ${admin.stamp}`, language: 'es' })
    const textPage = await admin.createTranslationPage()
    await open(page, '/admin/overview', 'Translation Overview')
    const row = page.getByRole('region', { name: 'Reviews' }).getByRole('row', { name: new RegExp(original.title) })
    await expect(row.getByRole('link', { name: `✓ translated: edit ${original.title} in Español` })).toBeVisible()
    // Its sv cell says 'missing' and links to the translate screen.
    const missing = row.getByRole('link', { name: `missing: translate ${original.title} into Svenska` })
    await expect(missing).toBeVisible()
    await missing.click()
    await expect(page).toHaveURL(new RegExp(`/admin/translate-review/${original._id}$`))
    await page.goBack()
    const pageRow = page
      .getByRole('region', { name: 'Translation pages' })
      .getByRole('row', { name: new RegExp(`^${textPage.page}`) })
    await expect(pageRow.getByRole('link', { name: `1 missing: edit ${textPage.page} in Svenska` })).toBeVisible()
  })

  test('an enquiry sent from the contact page can be read, downloaded and marked handled', async ({ page, admin }) => {
    const { stamp } = admin
    const last = `Tester${stamp}`
    await page.goto('/contact')
    // Typed in once the page has hydrated: what is typed during hydration is contact.e2e.ts's
    // test; this one is about the enquiry reaching the admin screens.
    await hydrated(page)
    await page.getByLabel('First name').fill('Ana')
    await page.getByLabel('Last name').fill(last)
    await page.getByLabel('E-mail').fill(`ana.${stamp}@example.com`)
    await page.getByLabel('Phone').fill('+34 600 000 000')
    // The styled box covers the real checkbox: tick it with the keyboard, as a visitor can.
    await page.getByLabel('Design & Build').press('Space')
    await expect(page.getByLabel('Design & Build')).toBeChecked()
    await page.getByLabel('Message').fill('We would like a villa near Marbella.\nPlot: 1,200 m².')
    await page.getByRole('checkbox', { name: /I have read the data protection information/ }).check()
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText('Thank you! We will contact you shortly.')).toBeVisible()

    await open(page, '/admin/enquiries', 'Enquiries')
    const row = page.getByRole('row', { name: new RegExp(`Ana ${last}`) })
    await expect(row).toContainText('Design & Build')
    await expect(row.getByRole('cell').last()).toHaveText('no')
    // Newest first.
    await expect(page.getByRole('row').nth(1)).toContainText(last)

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    const { readFile } = await import('node:fs/promises')
    expect(await readFile((await download.path())!, 'utf8')).toContain(last)

    await row.getByRole('link', { name: `Ana ${last}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Enquiry from Ana ${last}` })).toBeVisible()
    const message = page.locator('dd', { hasText: 'We would like a villa' })
    expect(await message.innerText()).toBe('We would like a villa near Marbella.\nPlot: 1,200 m².')
    // The e-mail is a link in the facts and on the contact card (issue 42).
    await expect(page.getByRole('link', { name: `ana.${stamp}@example.com` }).first()).toBeVisible()

    await page.getByRole('button', { name: 'Mark as handled' }).click()
    await expect(page.getByRole('button', { name: 'Mark as not handled' })).toBeVisible()
    await expect(page.locator('dd').last()).toHaveText(/^yes, /)

    await page.getByRole('link', { name: 'Enquiries' }).click()
    await expect(
      page
        .getByRole('row', { name: new RegExp(`Ana ${last}`) })
        .getByRole('cell')
        .last(),
    ).toHaveText('yes')
  })

  /** The screens of one area, on records the test makes, each checked with axe once its data has rendered. */
  async function screensOf(
    admin: AdminApi,
    area: 'reviews' | 'languages' | 'rest',
  ): Promise<[string, string | RegExp][]> {
    if (area === 'reviews') {
      const review = await admin.createReview({ title: `E2E Axe ${admin.stamp}` })
      await admin.translateReview(review, { title: `E2E Axe ${admin.stamp} (es)`, language: 'es' })
      return [
        ['/admin/reviews', 'Reviews'],
        ['/admin/add-review', 'Add Review'],
        [`/admin/review/${review._id}`, 'Review Details'],
        [`/admin/update-review/${review._id}`, 'Edit Review'],
        [`/admin/translate-review/${review._id}`, 'Translate Review'],
      ]
    }
    if (area === 'languages') {
      const language = await admin.createLanguage({ code: 'nl', name: 'Nederlands' })
      const textPage = await admin.createTranslationPage()
      return [
        ['/admin/languages', 'Languages'],
        ['/admin/add-language', 'Add Language'],
        [`/admin/language/${language._id}`, 'Language Details'],
        [`/admin/update-language/${language._id}`, 'Edit Language'],
        ['/admin/translations', 'Translations'],
        [`/admin/update-translation/${textPage._id}?lang=es`, /Edit Translation/],
      ]
    }
    const enquiry = await admin.sendEnquiry()
    return [
      ['/admin/overview', 'Translation Overview'],
      ['/admin/enquiries', 'Enquiries'],
      ['/admin/account', 'Account'],
      [`/admin/enquiry/${enquiry._id}`, /Enquiry from/],
    ]
  }

  for (const area of ['reviews', 'languages', 'rest'] as const) {
    test(`the ${area === 'rest' ? 'overview, enquiry and account' : area} screens pass axe`, async ({
      page,
      admin,
    }) => {
      test.setTimeout(90_000)
      for (const [path, heading] of await screensOf(admin, area)) {
        await open(page, path, heading)
        await expectNoAxeViolations(page)
      }
    })
  }

  test('screens with a message showing pass axe', async ({ page }) => {
    await open(page, '/admin/add-language', 'Add Language')
    await page.getByRole('button', { name: 'Add Language' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page)
    await open(page, '/admin/translations', 'Translations')
    await page.getByRole('button', { name: 'Add Translation Page' }).click()
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('a list and a form work on a phone @phone', async ({ page, admin }) => {
    await admin.createReview({ title: `E2E Phone ${admin.stamp}` })
    await open(page, '/admin/reviews', 'Reviews')
    await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible()
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    await expectNoAxeViolations(page)
    await open(page, '/admin/add-review', 'Add Review')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    await expectNoAxeViolations(page)
    // The widest table (a column per language) scrolls inside its box, hidden labels with it.
    await open(page, '/admin/overview', 'Translation Overview')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
  })
})

// A password change ends every other session: this one puts the password back before it ends.
test('change the password, sign in with the new one, then change it back', async ({ page, admin }) => {
  const newPassword = 'e2e-new-password-456'
  await signIn(page)
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()

  await page.getByLabel('Current password').fill('wrong-password')
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Current password is wrong')

  await page.getByLabel('Current password').fill(E2E_ADMIN.password)
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByLabel('Confirm new password').fill('short')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toHaveText('New password must be at least 12 characters')

  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toHaveText('The new passwords do not match')

  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'other sessions have ended' })).toBeVisible()
  // The fixture's token was another session: it has ended.
  const other = { authorization: `Bearer ${admin.token}` }
  expect((await page.request.get('/api/admin/get-reviews', { headers: other })).status()).toBe(401)

  try {
    await (await adminNav(page)).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
    await page.getByLabel('Password').fill(newPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  } finally {
    // Put the password back so the other tests keep working.
    const login = await page.request.post('/api/admin/login', {
      data: { username: E2E_ADMIN.username, password: newPassword },
    })
    if (login.status() === 200) {
      const { token: fresh } = (await login.json()) as { token: string }
      const back = await page.request.post('/api/admin/change-password', {
        headers: { authorization: `Bearer ${fresh}` },
        data: { currentPassword: newPassword, newPassword: E2E_ADMIN.password },
      })
      expect(back.status()).toBe(200)
    }
  }
})
