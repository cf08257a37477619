import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { E2E_ADMIN, expectNoAxeViolations, signIn } from './support/fixtures.js'

// Two-factor sign-in, as the admin does it: enrol from the Account screen with the typed key,
// keep the recovery codes, sign out, and sign in with a code computed as the phone's app would.

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

test('enrol two-factor sign-in from the Account screen and sign in with a code', async ({ page }) => {
  await signIn(page)
  await page.getByRole('link', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  await expect(page.getByRole('img', { name: 'QR code for two-factor sign-in' })).toBeVisible()
  const secret = (await page.locator('code').textContent())!.replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expectNoAxeViolations(page)

  let recoveryCodes: string[] = []
  try {
    await page.getByLabel('Code from the app').fill('000000')
    await page.getByLabel('Your password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(page.getByRole('alert')).toContainText('That code is not right')

    await page.getByLabel('Code from the app').fill(codeAt(secret, Date.now()))
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await expect(codes).toHaveCount(10)
    recoveryCodes = await codes.allTextContents()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'I have saved these codes' }).click()
    await expect(page.getByText('10 recovery codes left')).toBeVisible()

    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByLabel('Username').fill(E2E_ADMIN.username)
    await page.getByLabel('Password').fill(E2E_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // The password was right; now the code. The one used to turn it on is spent: the next one.
    const code = page.getByLabel('Code')
    await expect(code).toBeVisible()
    await expect(code).toHaveValue('')
    await code.fill(codeAt(secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  } finally {
    // The other suites sign in with the password alone (a recovery code gets this cleanup in).
    const login = await page.request.post('/api/admin/login', { data: E2E_ADMIN })
    const { challenge } = (await login.json()) as { challenge?: string }
    if (challenge) {
      const verified = await page.request.post('/api/admin/verify-login-code', {
        data: { challenge, code: recoveryCodes[0] },
      })
      const { token } = (await verified.json()) as { token: string }
      const off = await page.request.post('/api/admin/disable-two-factor', {
        headers: { authorization: `Bearer ${token}` },
        data: { password: E2E_ADMIN.password },
      })
      expect(off.status()).toBe(200)
    }
  }
})
