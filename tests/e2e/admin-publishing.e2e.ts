import type { Page } from '@playwright/test'
import { expect, test, type AdminApi } from './support/admin-api.js'
import { expectNoAxeViolations, openUntil, openUntilShown } from './support/fixtures.js'

// Issue 22 in the back office, driven as an administrator: a draft beside the published page,
// its preview link opened by someone who is not signed in, publishing it, restoring an older
// version from History, the trash, a schedule, and a save made stale by someone else (409).
// Each test makes its own project through the admin API and removes it again.

/** A published project of this test, with a description the public page shows. */
async function publishedProject(admin: AdminApi, description: string) {
  const project = await admin.createProject({ project: { title: `Villa Borrador ${admin.stamp}`, description } })
  // Out of the trash too, so the tests leave nothing behind.
  admin.afterTest(async () => {
    await admin.remove(`/delete-project/${project._id}`)
    await admin.remove(`/purge/project/${project._id}`)
  })
  return project
}

const publishing = (page: Page) => page.getByRole('region', { name: 'Publishing' })
const description = (page: Page) => page.getByLabel('Description', { exact: true })

test('save a draft, open its preview link signed out, publish it: the public page changes', async ({
  page,
  admin,
  browser,
}) => {
  const before = `A white villa above the sea ${admin.stamp}.`
  const after = `Now with a rooftop pool ${admin.stamp}.`
  const project = await publishedProject(admin, before)
  await admin.signedIn(page)

  await page.goto(`/admin/update-project/${project._id}`)
  await expect(publishing(page).getByText('Published', { exact: true })).toBeVisible()
  await description(page).fill(after)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()
  await expect(publishing(page).getByText('+ draft')).toBeVisible()
  // The form shows the draft; visitors still see the published text.
  await expect(description(page)).toHaveValue(after)
  const visitor = await browser.newContext()
  const site = await visitor.newPage()
  await openUntilShown(site, `/project/${project.slug}`, site.getByText(before))
  await expect(site.getByText(after)).toHaveCount(0)

  // Preview opens the draft in a new tab and offers the link to copy.
  const popup = page.waitForEvent('popup')
  await publishing(page).getByRole('button', { name: 'Preview' }).click()
  const tab = await popup
  await expect(tab.getByText(after)).toBeVisible()
  await tab.close()
  const link = await publishing(page).getByLabel('Preview link').inputValue()
  expect(link).toMatch(/\/preview\//)
  await expect(publishing(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expectNoAxeViolations(page)

  // Someone who is not signed in opens the link and sees the draft, not indexed.
  const stranger = await browser.newContext()
  const preview = await stranger.newPage()
  await preview.goto(link)
  await expect(preview.getByText(after)).toBeVisible()
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await stranger.close()

  // The spec's button publishes it.
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Project updated successfully!' })).toBeVisible()
  await expect(publishing(page).getByText('+ draft')).toHaveCount(0)
  await openUntilShown(site, `/project/${project.slug}`, site.getByText(after))
  await visitor.close()
})

test('restore an older version from History, then publish it', async ({ page, admin }) => {
  const first = `First words ${admin.stamp}.`
  const second = `Second words ${admin.stamp}.`
  const project = await publishedProject(admin, first)
  await admin.signedIn(page)

  await page.goto(`/admin/update-project/${project._id}`)
  await description(page).fill(second)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Project updated successfully!' })).toBeVisible()

  await publishing(page).getByRole('link', { name: 'History' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible()
  const versions = page.getByRole('table', { name: /Versions of/ })
  // Newest first: the oldest version, the project as it was created, is the last row.
  const rows = versions.locator('tbody tr')
  await expect(rows.nth(1)).toBeVisible()
  await rows.last().getByRole('button', { name: 'Compare' }).click()
  const comparison = page.getByRole('region', { name: /and the current one/ })
  const changed = comparison.getByRole('row', { name: /Description/ })
  await expect(changed.getByRole('cell').first()).toHaveText(first)
  await expect(changed.getByRole('cell').last()).toHaveText(second)
  await expectNoAxeViolations(page)

  await comparison.getByRole('button', { name: 'Restore this version' }).click()
  await expect(comparison.getByRole('status').filter({ hasText: 'Restored. It is now the draft.' })).toBeVisible()
  await comparison.getByRole('link', { name: 'Open the edit screen' }).click()
  await expect(description(page)).toHaveValue(first)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Project updated successfully!' })).toBeVisible()
  await openUntilShown(page, `/project/${project.slug}`, page.getByText(first))
})

test('move a project to the trash and restore it', async ({ page, admin }) => {
  const project = await publishedProject(admin, `A villa to throw away ${admin.stamp}.`)
  await admin.signedIn(page)

  await page.goto(`/admin/project/${project._id}`)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)
  await expect(page.getByRole('status').filter({ hasText: 'Moved to the trash' })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(project.title) })).toHaveCount(0)
  await openUntil(page, `/project/${project.slug}`, async () => {
    await expect(page.getByText(project.description)).toHaveCount(0)
  })

  await page.goto('/admin/projects')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trash' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(project.title) })
  await expect(row.getByRole('button', { name: 'Delete permanently' })).toBeVisible()
  await expectNoAxeViolations(page)
  await row.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Restored: ${project.title}` })).toBeVisible()
  await expect(row).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Projects' }).click()
  await expect(page.getByRole('row', { name: new RegExp(project.title) })).toBeVisible()
  await openUntilShown(page, `/project/${project.slug}`, page.getByText(project.description))
})

test('schedule a publication, see it on the screen, cancel it', async ({ page, admin }) => {
  const project = await publishedProject(admin, `A villa for launch day ${admin.stamp}.`)
  await admin.signedIn(page)
  await page.goto(`/admin/update-project/${project._id}`)
  await description(page).fill(`Launch day text ${admin.stamp}.`)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible()

  await publishing(page).getByRole('button', { name: 'Schedule…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule' })
  await expect(dialog.getByText('Nothing is scheduled.')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Publish the saved draft').check()
  const next = new Date(Date.now() + 30 * 24 * 3600 * 1000)
  const day = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`
  await dialog.getByLabel('Date').fill(day)
  await dialog.getByLabel('Time').fill('09:00')
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(publishing(page).getByRole('status')).toHaveText(/^Scheduled for \d{1,2} \w{3} \d{4}, 09:00$/)
  await expect(publishing(page).getByText(/^Publishes on .*09:00\.$/)).toBeVisible()

  // A year and more ahead is refused before anything is sent.
  await publishing(page).getByRole('button', { name: 'Schedule…' }).click()
  await dialog.getByLabel('Date').fill(`${next.getFullYear() + 2}-01-01`)
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A schedule must be at most a year ahead')

  await dialog.getByRole('button', { name: 'Cancel schedule' }).click()
  await expect(dialog).toBeHidden()
  await expect(publishing(page).getByRole('status')).toHaveText('Schedule cancelled')
  await expect(publishing(page).getByText(/^Publishes on/)).toHaveCount(0)
})

test('a save made stale by someone else shows who changed it and keeps what was typed @phone', async ({
  page,
  admin,
}) => {
  const project = await publishedProject(admin, `A villa two people edit ${admin.stamp}.`)
  await admin.signedIn(page)
  await page.goto(`/admin/update-project/${project._id}`)
  await expect(description(page)).toBeVisible()

  // Someone else saves the project meanwhile.
  await page.request.put(`/api/admin/update-project/${project._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { title: project.title, description: `Their words ${admin.stamp}.` },
  })

  const mine = `My words ${admin.stamp}.`
  await description(page).fill(mine)
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('alert')).toContainText('changed this on')
  await expect(page.getByRole('alert')).toContainText('what you typed is kept here')
  await expect(description(page)).toHaveValue(mine)
})

test('a page text whose English changed shows it in the overview and its edit screen until marked up to date', async ({
  page,
  admin,
  request,
}) => {
  const before = `Welcome ${admin.stamp}`
  const after = `Welcome home ${admin.stamp}`
  const textPage = await admin.createTranslationPage({
    translations: [{ en: { Welcome: before }, sv: { Welcome: 'Välkommen' } }],
  })
  // The English changes; the Swedish is sent back as it was (the editor sends every language).
  const changed = await request.put(`/api/admin/update-translation/${textPage._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { translations: [{ en: { Welcome: after }, sv: { Welcome: 'Välkommen' } }] },
  })
  expect(changed.status()).toBe(200)
  await admin.signedIn(page)

  await page.goto('/admin/overview')
  await expect(page.getByRole('heading', { level: 1, name: 'Translation Overview' })).toBeVisible()
  const cell = page
    .getByRole('region', { name: 'Translation pages' })
    .getByRole('row', { name: new RegExp(`^${textPage.page}`) })
  await expect(cell.getByText('needs update', { exact: true })).toBeVisible()
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `${textPage.page} in Svenska`, exact: true }) })
  await expect(item.getByRole('deletion')).toHaveText(before)
  await expect(item.getByRole('insertion')).toHaveText(after)

  await item.getByRole('link', { name: `${textPage.page} in Svenska`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/update-translation/${textPage._id}\\?lang=sv$`))
  const panel = publishing(page)
  await expect(panel.getByRole('heading', { name: 'Needs update' })).toBeVisible()
  await expect(panel.getByRole('deletion')).toHaveText(before)
  await expect(panel.getByRole('insertion')).toHaveText(after)
  await expectNoAxeViolations(page)
  await panel.getByRole('button', { name: 'Mark as up to date' }).click()
  await expect(panel.getByRole('status').filter({ hasText: 'Marked as up to date' })).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Needs update' })).toHaveCount(0)

  await page.goto('/admin/overview')
  await expect(page.getByRole('heading', { level: 1, name: 'Translation Overview' })).toBeVisible()
  await expect(page.getByRole('link', { name: `${textPage.page} in Svenska`, exact: true })).toHaveCount(0)
})
