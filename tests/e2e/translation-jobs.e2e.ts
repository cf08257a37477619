import { readFile, writeFile } from 'node:fs/promises'
import { fillXliff } from '../support/xliff-fill.js'
import { expect, test } from './support/admin-api.js'

// Issue 41 end to end: the owner creates a German-from-English job for an agency on the
// Translation jobs screen, downloads its XLIFF, fills it with a real CAT library (Debian's
// translate-toolkit) as the agency would, uploads it, and reads the import report.

test('a German XLIFF job: created, downloaded, filled by a CAT tool, imported, its report read', async ({
  page,
  admin,
}, testInfo) => {
  test.setTimeout(120_000)
  await admin.deleteLanguage('de')
  await admin.createLanguage({ code: 'de', name: 'Deutsch' })
  // The job drafts German for every record the site has: those drafts go with the test (before
  // the language, which they would otherwise hold).
  type Row = { _id: string; language: string }
  admin.afterTest(async () => {
    const reviews = (await admin.get<Row[]>('/get-reviews')).map((r) =>
      admin.get<Row[]>(`/get-review-translations/${r._id}`),
    )
    const german = {
      project: (await admin.get<Row[]>('/get-all-projects')).filter((p) => p.language === 'de'),
      review: (await Promise.all(reviews)).flat().filter((r) => r.language === 'de'),
    }
    for (const kind of ['project', 'review'] as const)
      for (const record of german[kind]) {
        await admin.remove(`/delete-${kind}/${record._id}`)
        await admin.remove(`/purge/${kind}/${record._id}`)
      }
  })
  await admin.createProject({ project: { title: `Villa Agency ${admin.stamp}`, description: 'The pool faces west.' } })
  await admin.signedIn(page)
  await page.goto('/admin/translation-jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Translation jobs' })).toBeVisible()

  await page.getByLabel('Translation Language').selectOption('de')
  await page.getByLabel('What to translate').selectOption('missing')
  await page.getByLabel('Translated by').selectOption('xliff')
  await page.getByRole('button', { name: 'Create job' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Job created: \d+ sentences in \d+ records/ })).toBeVisible()

  const card = page.getByRole('article', { name: /^Deutsch: / }).first()
  await expect(card).toContainText('Waiting for the file')
  const downloading = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Download XLIFF' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.xlf$/)
  const exported = await readFile(await download.path(), 'utf8')
  expect(exported).toContain('target-language="de"')
  expect(exported).toContain(`Villa Agency ${admin.stamp}`)

  // The agency's tool fills every target (the source in capitals, codes where they were).
  const filled = testInfo.outputPath('filled.xlf')
  await writeFile(filled, await fillXliff(exported))
  await card.getByLabel('Translated XLIFF file').setInputFiles(filled)
  await card.getByRole('button', { name: 'Import XLIFF' }).click()

  const report = card.getByRole('region', { name: 'Import report' })
  await expect(report).toBeVisible({ timeout: 30_000 })
  await expect(report).toContainText(/Applied: [1-9]\d* · Unchanged: 0 · Skipped: 0/)
  await expect(card).toContainText('Finished')

  // The German draft of the project carries the agency's text.
  const projects =
    await admin.get<{ title: string; language: string; draft?: { title: string } }[]>('/get-all-projects')
  const german = projects.find((p) => p.language === 'de' && (p.draft?.title ?? p.title).includes('VILLA AGENCY'))
  expect(german, 'the German draft').toBeTruthy()

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await card.screenshot({ path: testInfo.outputPath(`translation-job-${width}.png`) })
  }
})
