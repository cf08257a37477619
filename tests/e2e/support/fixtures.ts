import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { E2E_ADMIN, E2E_MAIL_DIR } from './e2e-env.js'

export { E2E_ADMIN }

/** No axe violations at WCAG 2.1 A/AA on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, 'axe violations').toEqual([])
}

/** Every mail the SMTP peer has received so far, parsed. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const files = (await readdir(E2E_MAIL_DIR)).sort()
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(E2E_MAIL_DIR, f)))))
}

/** Signs in through the login screen. */
export async function signIn(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}
