import type { APIRequestContext } from '@playwright/test'
import { expect, test, type AdminApi } from './support/admin-api.js'
import { receivedMail } from './support/fixtures.js'

// Issue 40 end to end, with a real Apertium APy as the machine (the e2e server starts it): a
// translator opens the side-by-side screen in Spanish, fills from the memory and the machine,
// edits a sentence and saves a draft; the owner sees the unreviewed fields and publishes.

const PASSWORD = 'orange kettle mountain 42'

/** A Spanish translator, invited by the owner and signed in through the API: their token. */
async function spanishTranslator(request: APIRequestContext, admin: AdminApi): Promise<string> {
  const username = `tr${admin.stamp}`.replace(/[^a-z0-9]/gi, '').slice(0, 40)
  const email = `${username}@agency.test`
  const headers = { authorization: `Bearer ${admin.token}` }
  const invited = await request.post('/api/admin/users', {
    headers,
    data: { username, email, role: 'translator', languages: ['es'] },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  let token = ''
  await expect
    .poll(
      async () => {
        const mail = (await receivedMail()).find((m) => JSON.stringify(m.to ?? '').includes(email))
        token = /accept-invitation\?token=([^\s"&]+)/.exec(mail?.text ?? '')?.[1] ?? ''
        return token
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  expect((await request.post('/api/admin/accept-invitation', { data: { token, password: PASSWORD } })).status()).toBe(
    200,
  )
  const login = await request.post('/api/admin/login', { data: { username, password: PASSWORD } })
  expect(login.status()).toBe(200)
  return ((await login.json()) as { token: string }).token
}

test('a translator fills the Spanish side by side from memory and machine, edits, saves a draft; the owner publishes', async ({
  page,
  admin,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const request = await playwright.request.newContext({ baseURL })
  const owner = { authorization: `Bearer ${admin.token}` }
  // The memory knows one sentence from an earlier, published translation.
  const earlier = await admin.createProject({
    project: { title: `Villa Earlier ${admin.stamp}`, description: 'The terrace faces the sea.' },
  })
  // Saved as a draft, then published: publishing is what fills the memory.
  const added = await request.post('/api/admin/add-project', {
    headers: owner,
    multipart: {
      translate: 'true',
      parentId: earlier._id,
      language: 'es',
      title: `Villa Anterior ${admin.stamp}`,
      description: 'La terraza mira al mar.',
      saveAs: 'draft',
    },
  })
  expect(added.status(), await added.text()).toBe(200)
  const earlierEs = ((await added.json()) as { project: { _id: string } }).project
  expect(
    (await request.post(`/api/admin/publish/project/${earlierEs._id}`, { headers: owner, data: {} })).status(),
  ).toBe(200)
  const project = await admin.createProject({
    project: {
      title: `Villa Workbench ${admin.stamp}`,
      description: 'The terrace faces the sea. The house has 5 bedrooms on 640 m².',
    },
  })

  const translatorToken = await spanishTranslator(request, admin)
  await page.addInitScript((value) => localStorage.setItem('token', value), translatorToken)
  // From the project's screen: the language it lacks, with the way in.
  await page.goto(`/admin/project/${project._id}`)
  await page
    .getByRole('region', { name: 'Translations' })
    .getByRole('link', { name: 'Translate side by side in Español' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/translate/project/${project._id}/es$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Translate side by side' })).toBeVisible()
  await expect(page.getByText(`Villa Workbench ${admin.stamp}`).first()).toBeVisible()
  // The memory's exact match shows under the description's first sentence.
  await expect(page.getByText('La terraza mira al mar.').first()).toBeVisible()

  // First what it will cost, then the fill.
  await page.getByRole('button', { name: 'Fill from memory and machine' }).click()
  await expect(page.getByText(/This will send \d[\d,]* characters to the machine/)).toBeVisible()
  await expect(page.getByText(/1 sentence comes from the memory at no cost/)).toBeVisible()
  await page.getByRole('button', { name: 'Fill now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Filled/ })).toBeVisible({ timeout: 30_000 })

  const description = page.getByLabel('Description', { exact: true })
  await expect(description).toHaveValue(/^La terraza mira al mar\./)
  await expect(description).toHaveValue(/640 m²/)
  await expect(page.getByText('Machine draft — not reviewed').first()).toBeVisible()
  await page.screenshot({ path: `test-results/workbench-translator-${page.viewportSize()?.width}.png`, fullPage: true })

  // The translator rewrites the machine's second sentence and saves a draft.
  const edited = 'La terraza mira al mar. La casa tiene 5 dormitorios en 640 m².'
  await description.fill(edited)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()
  // A translator without the publish switch has no Publish button.
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)

  // The owner sees what is still the machine's (the title), not the edited description.
  const ownerPage = await (await browser.newContext({ viewport: page.viewportSize()! })).newPage()
  await admin.signedIn(ownerPage)
  await ownerPage.goto(`/admin/translate/project/${project._id}/es`)
  const review = ownerPage.getByRole('region', { name: 'Not reviewed yet' })
  await expect(review).toContainText('Title')
  await expect(review).not.toContainText('Description')
  await expect(ownerPage.getByLabel('Description', { exact: true })).toHaveValue(edited)
  await ownerPage.screenshot({ path: `test-results/workbench-owner-${page.viewportSize()?.width}.png`, fullPage: true })

  // Publishing unreviewed machine text asks first.
  ownerPage.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('machine drafts nobody has reviewed: Title')
    void dialog.accept()
  })
  await ownerPage.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(ownerPage.getByRole('status').filter({ hasText: 'Published' }).first()).toBeVisible()
  const translations = (await (
    await request.get(`/api/admin/get-project-translations/${project._id}`, { headers: owner })
  ).json()) as { language: string; publishStatus: string; description: string }[]
  expect(translations.find((t) => t.language === 'es')).toMatchObject({
    publishStatus: 'published',
    description: edited,
  })
  await request.dispose()
})

test('the owner fills a page text in Spanish from the machine, approves it and publishes @phone', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const request = await playwright.request.newContext({ baseURL })
  const owner = { authorization: `Bearer ${admin.token}` }
  const name = `wb-page-${admin.stamp}`.replace(/[^a-z0-9-]/gi, '').toLowerCase()
  const created = await request.post('/api/admin/add-translation', { headers: owner, data: { page: name } })
  expect(created.status(), await created.text()).toBe(200)
  const id = ((await created.json()) as { translation: { _id: string } }).translation._id
  const english = { Welcome: 'Welcome to the house.', Garden: 'The garden has a pool.' }
  const put = await request.put(`/api/admin/update-translation/${id}`, {
    headers: owner,
    data: { translations: [{ en: english }] },
  })
  expect(put.status(), await put.text()).toBe(200)

  await admin.signedIn(page)
  await page.goto(`/admin/translate/translation-page/${id}/es`)
  await expect(page.getByRole('heading', { level: 1, name: 'Translate side by side' })).toBeVisible()
  await page.getByRole('button', { name: 'Fill from memory and machine' }).click()
  await expect(page.getByText(/This will send \d[\d,]* characters to the machine/)).toBeVisible()
  await page.getByRole('button', { name: 'Fill now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Filled/ })).toBeVisible({ timeout: 30_000 })
  const review = page.getByRole('region', { name: 'Not reviewed yet' })
  await expect(review).toContainText('2 fields are machine drafts')
  await page.screenshot({ path: `test-results/workbench-page-${page.viewportSize()?.width}.png`, fullPage: true })

  await review.getByRole('button', { name: 'Approve all' }).click()
  await expect(review).toHaveCount(0)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Published' }).first()).toBeVisible()
  const text = (await (await request.get(`/api/admin/get-translation/${id}`, { headers: owner })).json()) as {
    translations: Record<string, Record<string, string>>[]
  }
  expect(Object.keys(text.translations[0]!.es ?? {}).sort()).toEqual(['Garden', 'Welcome'])
  await request.dispose()
})

test('the edit screen asks before publishing machine text nobody reviewed, and publishes nothing when told no', async ({
  page,
  admin,
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL })
  const project = await admin.createProject({
    project: { title: `Villa Unreviewed ${admin.stamp}`, description: 'The garden faces south.' },
  })
  const filled = await request.post(`/api/admin/machine-translate/project/${project._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { language: 'es' },
  })
  expect(filled.status(), await filled.text()).toBe(200)
  const { translationId } = (await filled.json()) as { translationId: string }
  await admin.signedIn(page)
  await page.goto(`/admin/update-project/${translationId}`)
  // The question blocks the page: answered from the handler ('no'), not after the click.
  let question = ''
  page.once('dialog', (dialog) => {
    question = dialog.message()
    void dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect
    .poll(() => question)
    .toMatch(/^These fields are machine drafts nobody has reviewed: .*Description.*Publish them anyway\?$/)
  const read = await admin.get<{ publishStatus: string }>(`/get-project/${translationId}`)
  expect(read.publishStatus).toBe('draft')
  await request.dispose()
})
