import { expect, type Page } from '@playwright/test'
import type { Language } from '../../src/shared/types.js'
import { receivedMail, signIn } from './support/fixtures.js'
import { test } from './support/admin-api.js'
import { adminNav } from './support/admin-menu.js'
import { E2E_REFUSED_MAIL_DOMAIN } from './support/e2e-env.js'

// Issue 23 end to end: the owner invites a translator, who accepts in a fresh browser, translates
// a project into Swedish, cannot touch the original, and the owner reads it in the audit timeline.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

test('invite a translator, accept in a fresh browser, translate, and read the audit timeline @phone', async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(120_000)
  if (!(await admin.get<Language[]>('/get-languages')).some((l) => l.code === 'sv'))
    await admin.createLanguage({ code: 'sv', name: 'Svenska' })
  const original = await admin.createProject({ project: { title: `Villa Mirador ${admin.stamp}` } })
  const username = `ana${admin.stamp}`.replace(/[^a-z0-9]/gi, '').slice(0, 40)
  const email = `${username}@agency.test`

  // The owner invites from the Users screen.
  await signIn(page)
  await (await adminNav(page)).getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await field(page, 'User name').fill(username)
  await field(page, 'E-mail').fill(email)
  await page.getByLabel('Role', { exact: true }).first().selectOption('translator')
  await page.getByRole('group', { name: 'Languages' }).first().getByLabel('Svenska (sv)').check()
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}`)).toHaveClass('admin-success')
  await expect(
    page.getByRole('region', { name: 'Pending invitations' }).getByText(username, { exact: true }),
  ).toBeVisible()

  // A recipient the mail server refuses: saved, and the owner is warned that the mail has not gone.
  const refused = `${username}@${E2E_REFUSED_MAIL_DOMAIN}`
  await field(page, 'User name').fill(`${username}x`.slice(0, 40))
  await field(page, 'E-mail').fill(refused)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status').getByText(`did not take its mail to ${refused}`)).toHaveClass('admin-warning')

  // The mail arrives through the outbox with the link.
  let link = ''
  await expect
    .poll(
      async () => {
        const mail = (await receivedMail()).find((m) => m.to && JSON.stringify(m.to).includes(email))
        link = /https?:\/\/\S+accept-invitation\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? ''
        return link
      },
      { timeout: 30_000 },
    )
    .not.toBe('')

  // A fresh browser: no token, nothing shared with the owner's.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1440, height: 900 } })
  const translator = await context.newPage()
  try {
    await translator.goto(link)
    await expect(translator.getByText(`Your user name is ${username}.`)).toBeVisible()
    await field(translator, 'Password').fill('short')
    await field(translator, 'Confirm password').fill('short')
    await translator.getByRole('button', { name: 'Set password' }).click()
    await expect(translator.getByRole('alert')).toContainText('at least 12 characters')
    const password = 'harbour lantern quietly 57'
    await field(translator, 'Password').fill(password)
    await field(translator, 'Confirm password').fill(password)
    await translator.getByRole('button', { name: 'Set password' }).click()
    await expect(translator.getByText(/Your account is ready/)).toBeVisible()

    // Used once: the same link now says so.
    await translator.goto(link)
    await expect(translator.getByRole('alert')).toContainText('already been used')

    // Visits are not theirs to read: their dashboard does not even ask (no hidden 403).
    const statsAsked: string[] = []
    translator.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/stats')) statsAsked.push(request.url())
    })
    await translator.goto('/admin/login')
    await translator.getByLabel('Username').fill(username)
    await translator.getByLabel('Password').fill(password)
    await translator.getByRole('button', { name: 'Sign in' }).click()
    await expect(translator).toHaveURL(/\/admin\/dashboard$/)
    // Their dashboard says what waits in their language (this test's original lacks Swedish);
    // nothing of enquiries or visits.
    const attention = translator.getByRole('region', { name: 'Needs attention' })
    await expect(attention.getByRole('link', { name: /project translations? (is|are) missing/ })).toHaveAttribute(
      'href',
      '/admin/overview',
    )
    await expect(attention.getByRole('link', { name: /enquir/ })).toHaveCount(0)
    await expect(translator.getByRole('region', { name: /^Visits and enquiries/ })).toHaveCount(0)
    expect(statsAsked).toEqual([])

    // The nav shows only what a translator may open.
    const nav = await adminNav(translator)
    await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible()
    for (const name of ['Enquiries', 'Users', 'Audit log']) await expect(nav.getByRole('link', { name })).toHaveCount(0)

    // The original: no Edit, no Delete; Translate offers Swedish only.
    await translator.goto(`/admin/project/${original._id}`)
    await expect(translator.getByRole('heading', { level: 1, name: original.title })).toBeVisible()
    await expect(translator.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0)
    await expect(translator.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await translator.getByRole('button', { name: 'Translate', exact: true }).click()
    const language = field(translator, 'Translation Language')
    await expect(language.getByRole('option', { name: 'Svenska (sv)' })).toHaveCount(1)
    await expect(language.getByRole('option', { name: /\(es\)/ })).toHaveCount(0)
    await language.selectOption('sv')
    await field(translator, 'Title').fill(`Villa Mirador ${admin.stamp} på svenska`)
    await field(translator, 'Translated Slug').fill(
      `villa-mirador-${admin.stamp}-sv`.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
    )
    // Without the publish switch their only save is a draft (no button that would end in 403).
    await expect(translator.getByRole('button', { name: 'Translate Project' })).toHaveCount(0)
    await translator.getByRole('button', { name: 'Save draft' }).click()
    await expect(translator).toHaveURL(/\/admin\/projects$/)

    // The server refuses the original to them, saying what the role allows, whatever the screen shows.
    const token = await translator.evaluate(() => localStorage.getItem('token'))
    const refused = await translator.request.put(`/api/admin/update-project/${original._id}`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: { title: 'Taken over' },
    })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toMatch(
      /^Translators may create and edit translations in their languages \(sv\)/,
    )
    expect((await admin.get<{ title: string }>(`/get-project/${original._id}`)).title).toBe(original.title)
  } finally {
    await context.close()
  }

  // The owner's timeline names the translator.
  await page.goto('/admin/audit-log')
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await expect(page.getByText(`admin invited “${username}”`)).toBeVisible()
  await expect(page.getByText(`${username} accepted their invitation`)).toBeVisible()
  await expect(page.getByText(`${username} signed in`).first()).toBeVisible()
  await field(page, 'Person').fill(username)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`person=${username}`))
  await expect(page.getByText(`admin invited “${username}”`)).toHaveCount(0)
  await expect(page.getByText(`${username} accepted their invitation`)).toBeVisible()

  // Let the account go again: deactivated, their entries stay.
  const users = await admin.get<{ _id: string; username: string }[]>('/users')
  const account = users.find((u) => u.username === username)!
  await page.request.delete(`/api/admin/users/${account._id}`, { headers: { authorization: `Bearer ${admin.token}` } })
})
