import type { Page } from '@playwright/test'
import { CONSENT_TEXT_VERSION, PRIVACY_POLICY_PAGE } from '../../src/shared/constants.js'
import type { Enquiry, TranslationPage } from '../../src/shared/types.js'
import { type AdminApi, expect, test } from './support/admin-api.js'
import { E2E_WHATSAPP_NUMBER } from './support/e2e-env.js'
import {
  behaviourReady,
  expectNoAxeViolations,
  openUntilShown,
  receivedMail,
  SCRIPTS,
  watchConsole,
} from './support/fixtures.js'

// Issue 11: an enquiry names what the visitor wanted, is lawful in Spain, and reaches the team.

/** The demo's project whose page the form tests below send from. */
const MIRADOR = 'villa-mirador-mijas'
const WHATSAPP_DIGITS = E2E_WHATSAPP_NUMBER.replace(/\D/g, '')
const CONSENT_ES = /He leído la información sobre protección de datos/
const CONSENT_REQUIRED_ES = 'Acepte la política de privacidad para poder enviar su mensaje.'

/** The form checks input in the browser once its behaviour has started (decision 123). */
async function hydrated(page: Page) {
  await behaviourReady(page.locator('form.contact-form'))
}

test('an enquiry from a Spanish project page carries the project, language, page and landing campaign @phone', async ({
  page,
  admin,
}) => {
  test.setTimeout(60_000)
  const problems = watchConsole(page)
  const original = await admin.createProject({ project: { title: `E2E Villa Lead ${admin.stamp}, Estepona` } })
  const spanish = await admin.translateProject(original, {
    title: `E2E Villa Lead ${admin.stamp} en Estepona`,
    language: 'es',
  })
  const campaign = `otono-${admin.stamp}`

  // The visit lands on the Spanish home page from an advertisement, then opens the project.
  await page.goto(`/es?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=G-${admin.stamp}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.waitForFunction(() => sessionStorage.getItem('landing-campaign') !== null)
  await page.goto(`/project/${spanish.slug}`)
  await hydrated(page)

  const form = page.locator('#enquire')
  await expect(form.getByRole('heading', { name: 'Consulte por esta villa' })).toBeVisible()
  await expect(form.getByLabel('Mensaje')).toHaveValue(`Me gustaría saber más sobre ${spanish.title}.`)
  await expect(form.getByRole('link', { name: 'Lea la política de privacidad completa' })).toHaveAttribute(
    'href',
    '/es/privacy-policy',
  )
  await form.getByLabel('Nombre').fill('Lucía')
  await form.getByLabel('Apellidos').fill(`Romero ${admin.stamp}`)
  await form.getByLabel('Correo electrónico').fill(`lucia.${admin.stamp}@example.com`)
  await form.getByLabel('Teléfono').fill('+34 611 222 333')

  // Without the box ticked nothing is sent, and the page says why in Spanish.
  const posted: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posted.push(request.url())
  })
  const consent = form.getByRole('checkbox', { name: CONSENT_ES })
  await expect(consent).not.toBeChecked()
  await form.getByRole('button', { name: 'Enviar' }).click()
  await expect(consent).toHaveAccessibleDescription(CONSENT_REQUIRED_ES)
  await expect(consent).toBeFocused()
  expect(posted).toEqual([])
  await expectNoAxeViolations(page)

  await consent.check()
  await expect(form.getByText(CONSENT_REQUIRED_ES)).toHaveCount(0)
  await form.getByRole('button', { name: 'Enviar' }).click()
  await expect(form.getByRole('status')).toHaveText('¡Gracias! Nos pondremos en contacto con usted en breve.')

  const stored = (await admin.get<Enquiry[]>(`/get-enquiries?project=${spanish.slug}`)).find((e) =>
    e.lname.includes(admin.stamp),
  )!
  admin.afterTest(() => admin.remove(`/delete-enquiry/${stored._id}`))
  expect(stored).toMatchObject({
    project: { _id: spanish._id, slug: spanish.slug, title: spanish.title, language: 'es' },
    language: 'es',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: campaign,
    gclid: `G-${admin.stamp}`,
    utm_term: null,
    fbclid: null,
    message: `Me gustaría saber más sobre ${spanish.title}.`,
  })
  expect(new URL(stored.pageUrl!).pathname).toBe(`/project/${spanish.slug}`)
  expect(stored.consentAt).not.toBeNull()
  expect(stored.consentVersion).toMatch(new RegExp(`^${CONSENT_TEXT_VERSION}/es/[0-9a-f]{8}$`))

  // The mail names the project and the language; Reply-To is the visitor.
  await expect(async () => {
    const mail = (await receivedMail()).find((m) => m.text?.includes(`Romero ${admin.stamp}`))
    expect(mail?.subject).toContain(`about ${spanish.title} [es]`)
    expect(mail?.replyTo?.value[0]?.address).toBe(`lucia.${admin.stamp}@example.com`)
    expect(mail?.text).toContain(`Project: ${spanish.title} (${spanish.slug}, es)`)
    expect(mail?.text).toContain(`utm_campaign=${campaign}`)
    expect(mail?.text).toContain(`Sent from: ${stored.pageUrl}`)
  }).toPass({ timeout: 15_000 })

  // The CSV has it all.
  const csv = await page.request.get(`/api/admin/enquiries.csv?project=${spanish.slug}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  })
  const text = await csv.text()
  for (const value of [spanish.title, spanish.slug, stored.pageUrl!, campaign, `G-${admin.stamp}`]) {
    expect(text).toContain(`"${value}"`)
  }
  expect(problems).toEqual([])
})

// Decision 124: a form in the page at DOMContentLoaded was read by the browser there and then, a
// long task on a slowed phone; the enquiry form is sent in <noscript> and put in a task later.
for (const path of ['/project/villa-mirador-mijas', '/es/contact']) {
  test(`${path} puts its enquiry form in just after DOMContentLoaded, and starts it @phone`, async ({ page }) => {
    const problems = watchConsole(page)
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        document.documentElement.setAttribute('data-forms-at-dcl', String(document.forms.length)),
      ),
    )
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-forms-at-dcl', '0')
    await hydrated(page)
    expect(await page.evaluate(() => document.forms.length)).toBe(1)
    // Started: it checks what it is sent before anything goes.
    const form = page.locator('form.contact-form')
    await form.locator('button[type="submit"]').click()
    await expect(form.locator('input[name="fname"]')).toBeFocused()
    await expect(form.locator('input[name="fname"]')).toHaveAttribute('aria-invalid', 'true')
    expect(problems).toEqual([])
  })
}

/** Sends an enquiry from the form of the project page shown (posted to the page) and finds it stored. */
async function sendFromProjectPage(page: Page, admin: AdminApi, surname: string) {
  const section = page.locator('#enquire')
  await section.getByLabel('First name').fill('Ines')
  await section.getByLabel('Last name').fill(`${surname} ${admin.stamp}`)
  await section.getByLabel('E-mail').fill(`ines.${admin.stamp}@example.com`)
  await section.getByLabel('Phone').fill('+34 600 123 456')
  await section.getByRole('checkbox', { name: /I have read the data protection information/ }).check()
  await section.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#enquire').getByRole('status')).toHaveText('Thank you! We will contact you shortly.')
  const stored = (await admin.get<Enquiry[]>(`/get-enquiries?project=${MIRADOR}`)).find(
    (enquiry) => enquiry.lname === `${surname} ${admin.stamp}`,
  )
  expect(stored?.message).toMatch(/^I would like to know more about Villa Mirador/)
}

test('a project page’s form is there and posts to the page when the site’s scripts never come', async ({
  page,
  admin,
}) => {
  await page.route(SCRIPTS, (route) => route.abort())
  await page.goto(`/project/${MIRADOR}`)
  await sendFromProjectPage(page, admin, 'NoScripts')
})

test.describe('a project page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the form, which posts to the page, thanks the visitor and names the project', async ({ page, admin }) => {
    await page.goto(`/project/${MIRADOR}`)
    await sendFromProjectPage(page, admin, 'NoScript')
  })
})

test('the server refuses an enquiry without consent from the site, in the page language', async ({ page, admin }) => {
  const before = (await admin.get<Enquiry[]>('/get-enquiries')).length
  const response = await page.request.post('/es/contact', {
    form: {
      fname: 'Bot',
      lname: `NoConsent ${admin.stamp}`,
      email: 'bot@example.com',
      phone: '+34 600 000 000',
      message: 'Hola',
      language: 'es',
    },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain(CONSENT_REQUIRED_ES)
  expect(await admin.get<Enquiry[]>('/get-enquiries')).toHaveLength(before)
})

test('the contact page takes ?project= and offers WhatsApp naming the project, in the page language @phone', async ({
  page,
  admin,
}) => {
  const original = await admin.createProject({ project: { title: `E2E Villa Chat ${admin.stamp}` } })
  const swedish = await admin.translateProject(original, {
    title: `E2E Villa Chatt ${admin.stamp}`,
    language: 'sv',
  })
  // The English slug on the Swedish contact page: the Swedish translation is the one named.
  await page.goto(`/sv/contact?project=${original.slug}`)
  await hydrated(page)
  await expect(page.getByText('Din förfrågan gäller')).toBeVisible()
  await expect(page.getByLabel('Meddelande')).toHaveValue(`Jag vill gärna veta mer om ${swedish.title}.`)
  await expect(page.locator('input[name="project"]')).toHaveValue(swedish.slug)
  const whatsapp = page.getByRole('link', { name: 'Chatta på WhatsApp' })
  await expect(whatsapp).toHaveAttribute(
    'href',
    `https://wa.me/${WHATSAPP_DIGITS}?text=${encodeURIComponent(`Hej, jag vill gärna veta mer om ${swedish.title}.`)}`,
  )

  // Without a project: a general message; the project page names its own project.
  await page.goto('/es/contact')
  await expect(page.getByRole('link', { name: 'Escríbanos por WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/${WHATSAPP_DIGITS}?text=${encodeURIComponent('Hola, me gustaría saber más sobre sus villas.')}`,
  )
  await page.goto(`/project/${original.slug}`)
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/${WHATSAPP_DIGITS}?text=${encodeURIComponent(`Hello, I would like to know more about ${original.title}.`)}`,
  )
})

test('the privacy policy in two languages, linked from the footer, edited in the admin and shown at once', async ({
  page,
  admin,
}) => {
  await page.goto('/contact')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click()
  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy')
  await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible()
  await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/es\/privacy-policy$/)
  await expectNoAxeViolations(page)

  await page.goto('/es/privacy-policy')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad')
  await expect(page.getByRole('heading', { name: 'Sus derechos' })).toBeVisible()

  const sitemap = await (await page.request.get('/sitemaps/es.xml')).text()
  expect(sitemap).toContain('/es/privacy-policy</loc>')

  // The admin rewords the Spanish heading; the page shows it on the next visit.
  const policy = (await admin.get<TranslationPage[]>('/get-translations')).find((p) => p.page === PRIVACY_POLICY_PAGE)!
  admin.afterTest(() =>
    page.request.put(`/api/admin/update-translation/${policy._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { page: policy.page, translations: policy.translations },
    }),
  )
  await admin.signedIn(page)
  await page.goto(`/admin/update-translation/${policy._id}?lang=es`)
  const heading = `Sus derechos (${admin.stamp})`
  await page.getByLabel('Your rights', { exact: true }).fill(heading)
  await page.getByRole('button', { name: 'Update translation' }).click()
  await expect(page.getByText('translation updated successfully!')).toBeVisible()
  await openUntilShown(page, '/es/privacy-policy', page.getByRole('heading', { name: heading }))
  // English is untouched.
  await page.goto('/privacy-policy')
  await expect(page.getByRole('heading', { name: 'Your rights', exact: true })).toBeVisible()
})

test('the admin filters enquiries by project and erases one', async ({ page, admin }) => {
  const project = await admin.createProject({ project: { title: `E2E Villa Filter ${admin.stamp}` } })
  const about = await admin.sendEnquiry({ message: `about ${admin.stamp}`, project: project.slug })
  await admin.sendEnquiry({ email: `other.${admin.stamp}@example.com`, message: 'other' })
  await admin.signedIn(page)
  await page.goto('/admin/enquiries')
  await page.getByLabel('Project').selectOption(project.slug)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`project=${project.slug}`))
  const rows = page.getByRole('row')
  await expect(rows).toHaveCount(2) // the header and the one enquiry
  await expect(rows.nth(1)).toContainText(project.title)
  await expect(page.getByText(/^1 enquiry matches the filter, [01] not handled yet\.$/)).toBeVisible()
  await expectNoAxeViolations(page)

  await rows.nth(1).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/admin/enquiry/${about._id}$`))
  await expect(page.getByRole('link', { name: `${project.title} (en)` })).toHaveAttribute(
    'href',
    `/admin/project/${project._id}`,
  )
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/admin\/enquiries$/)
  const left = await admin.get<Enquiry[]>('/get-enquiries')
  expect(left.some((e) => e._id === about._id)).toBe(false)
})
