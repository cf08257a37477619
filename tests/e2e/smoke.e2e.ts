import { expect, test } from '@playwright/test'

test('the home page renders on the server in its language @phone', async ({ page }) => {
  await page.goto('/es')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
