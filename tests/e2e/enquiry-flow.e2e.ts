import { readFile } from 'node:fs/promises'
import { dovecotMailbox } from '../support/dovecot.js'
import { expect, test } from './support/admin-api.js'
import { E2E_IMAP_PORT_FILE } from './support/e2e-env.js'
import { receivedMail } from './support/fixtures.js'

// Issue 42 end to end: an enquiry sent from the contact page is assigned at once, answered from
// the back office in one thread, the visitor's reply (delivered to the real Dovecot mailbox the
// server watches) appears on its timeline, and the enquiry is moved across the board to won.

test('an enquiry from the contact page: assigned, answered, the reply on its timeline, moved to won', async ({
  page,
  admin,
}, testInfo) => {
  test.setTimeout(180_000)
  const email = `helga.${admin.stamp}@example.com`
  await page.goto('/contact')
  await page.getByLabel('First name').fill('Helga')
  await page.getByLabel('Last name').fill(`Berg ${admin.stamp}`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Phone').fill('+47 912 34 567')
  await page.getByLabel('Message').fill('We would like a villa with a view of the sea near Estepona.')
  await page.getByRole('checkbox', { name: /I have read the data protection information/ }).check()
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you! We will contact you shortly.')

  // Assigned at once: it has an owner when it is first read.
  const enquiry = (await admin.get<{ _id: string; email: string; ownerName: string | null }[]>('/get-enquiries')).find(
    (e) => e.email === email,
  )!
  expect(enquiry.ownerName).toBeTruthy()
  admin.afterTest(() => admin.remove(`/delete-enquiry/${enquiry._id}`))

  await admin.signedIn(page)
  await page.goto(`/admin/enquiry/${enquiry._id}`)
  await expect(page.getByLabel('Owner')).toHaveValue(/.+/)
  await page.getByRole('textbox', { name: 'Reply', exact: true }).fill('Thank you, Helga. Could we call you on Friday?')
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Reply queued/ })).toBeVisible()

  // The reply leaves through the outbox with its thread headers and the address that brings answers back.
  let sent: Awaited<ReturnType<typeof receivedMail>>[number] | undefined
  await expect
    .poll(
      async () => {
        sent = (await receivedMail()).find(
          (m) => JSON.stringify(m.to ?? '').includes(email) && m.text?.includes('Could we call you on Friday?'),
        )
        return Boolean(sent)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  const replyTo = (sent!.replyTo?.value[0]?.address ?? '') as string
  expect(replyTo).toMatch(/\+[0-9a-f]+@/)

  // The visitor answers in the thread; the mail lands in the mailbox the server watches.
  await dovecotMailbox(Number(await readFile(E2E_IMAP_PORT_FILE, 'utf8'))).append(
    [
      `From: Helga Berg <${email}>`,
      `To: ${replyTo}`,
      `Subject: Re: ${sent!.subject}`,
      `Message-ID: <answer.${admin.stamp}@example.com>`,
      `In-Reply-To: ${sent!.messageId}`,
      `References: ${sent!.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Friday at ten suits us. Helga',
      '',
    ].join('\r\n'),
  )
  await expect
    .poll(
      async () => {
        await page.reload()
        return page.getByText('Friday at ten suits us. Helga').count()
      },
      // The watcher looks every second; once in CI's whole run the first look took over 30 s.
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0)
  await expect(page.getByText('Friday at ten suits us. Helga').first()).toBeVisible()
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: testInfo.outputPath(`enquiry-thread-${width}.png`), fullPage: true })
  }

  // Across the board to won (the keyboard moves it one stage; the Move-to menu the rest).
  await page.goto('/admin/enquiries?view=board')
  const board = page.getByRole('region', { name: 'Enquiries by stage' })
  const card = board.locator(`.enquiry-card[data-enquiry="${enquiry._id}"]`)
  await card.getByRole('button', { name: /^Move / }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(board.locator(`[data-stage="contacted"] .enquiry-card[data-enquiry="${enquiry._id}"]`)).toBeVisible()
  await card.getByRole('combobox').selectOption('won')
  await expect(board.locator(`[data-stage="won"] .enquiry-card[data-enquiry="${enquiry._id}"]`)).toBeVisible()
  const won = await admin.get<{ stage: string }>(`/get-enquiry/${enquiry._id}`)
  expect(won.stage).toBe('won')
})
