import type { Locator, Page } from '@playwright/test'

/**
 * The admin navigation, opened first where it sits behind the "Menu" button (below 1024 px,
 * decision 134); on a desktop it is the sidebar, always open.
 */
export async function adminNav(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await nav.waitFor()
  const toggle = nav.getByRole('button', { name: 'Menu' })
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  return nav
}
