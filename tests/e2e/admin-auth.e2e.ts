import { expect, test } from '@playwright/test'
import { E2E_ADMIN, signIn } from './support/fixtures.js'

// SPEC 2/4: every admin route needs the stored token; login, logout and a 401 move between states.

const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/projects',
  '/admin/reviews',
  '/admin/add-review',
  '/admin/languages',
  '/admin/add-language',
  '/admin/translations',
  '/admin/overview',
  '/admin/enquiries',
  '/admin/account',
  '/admin/review/00000000-0000-4000-8000-000000000000',
  '/admin/update-translation/00000000-0000-4000-8000-000000000000',
]

test('admin routes redirect to the login screen without a token', async ({ page }) => {
  for (const path of ADMIN_ROUTES) {
    await page.goto(path)
    await expect(page, path).toHaveURL(/\/admin\/login$/)
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  }
})

test('a wrong password shows the server message and stays on the login screen', async ({ page }) => {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('the right password goes to the dashboard with the project count and titles', async ({ page, request }) => {
  const projects = (await (await request.get('/api/admin/get-projects')).json()) as {
    title: string
    parentId: unknown
  }[]
  const originals = projects.filter((p) => p.parentId === null)
  expect(originals.length).toBeGreaterThan(0)

  await signIn(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Projects/ })).toContainText(String(originals.length))
  for (const project of originals)
    await expect(page.getByRole('link', { name: project.title, exact: true })).toBeVisible()
})

test('the login screen goes to the dashboard when already signed in', async ({ page }) => {
  await signIn(page)
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('Logout goes to the login screen and the API refuses the old token', async ({ page }) => {
  await signIn(page)
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  const headers = { authorization: `Bearer ${token}` }
  expect((await page.request.get('/api/admin/get-reviews', { headers })).status()).toBe(200)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect((await page.request.get('/api/admin/get-reviews', { headers })).status()).toBe(401)

  // And the back office is closed again.
  await page.goto('/admin/reviews')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('a 401 from the server signs the admin out', async ({ page }) => {
  await page.goto('/admin/login')
  await page.evaluate(() => localStorage.setItem('token', 'bogus-token-the-server-never-issued'))
  // The back office sends the browser to the login screen, possibly before this page's load event.
  await page.goto('/admin/reviews', { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})
