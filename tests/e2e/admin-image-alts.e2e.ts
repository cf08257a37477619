import type { Project } from '../../src/shared/types.js'
import { jpeg } from '../support/images.js'
import { expect, test } from './support/admin-api.js'
import { expectNoAxeViolations, openUntil } from './support/fixtures.js'

// Issue 24, item 3 in the browser (decision 115): alt text typed beside an image on the edit
// screen is what the public page's <img alt> says; a decorative image is written alt="".

test('type an image’s alt text and mark one decorative; the project page shows them', async ({ page, admin }) => {
  const project = await admin.createProject({ project: { title: `Villa Mirador ${admin.stamp}` }, gallery: 2 })
  const [, second] = project.galleryImages
  await admin.signedIn(page)
  await page.goto(`/admin/update-project/${project._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible()

  const featuredAlt = page.getByLabel('Alt text of the featured image')
  await expect(featuredAlt).toHaveAttribute('placeholder', `Villa Mirador ${admin.stamp}`)
  await featuredAlt.fill('A white villa above the sea at dusk')
  // Selecting text in a gallery card's field by dragging selects text; it does not move the card.
  const firstAlt = page.getByLabel('Alt text of the gallery image 1')
  await firstAlt.fill('Pool terrace')
  const box = (await firstAlt.boundingBox())!
  await page.mouse.move(box.x + 4, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect(page.locator('.project-gallery__item').first()).toHaveAttribute('data-image', project.galleryImages[0]!)
  await expect(page.locator('.project-gallery__item').first()).not.toHaveAttribute('draggable', 'true')
  await firstAlt.fill('')
  await page.getByLabel('Decorative (gallery image 2)').check()
  await expect(page.getByLabel('Alt text of the gallery image 2')).toBeDisabled()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: test.info().outputPath('edit-1440.png'), fullPage: true })

  // At a phone's width the inputs stack under their thumbnails, and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 })
  await featuredAlt.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: test.info().outputPath('edit-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })

  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')
  const saved = await admin.get<Project>(`/get-project/${project._id}`)
  expect(saved.imageAlts).toEqual({
    [project.featuredImage!]: 'A white villa above the sea at dusk',
    [second!]: { decorative: true },
  })

  // The page cache may answer the previous render once while it makes the new one.
  await openUntil(page, `/project/${project.slug}`, async () => {
    await expect(page.locator('.project-hero img')).toHaveAttribute('alt', 'A white villa above the sea at dusk', {
      timeout: 1000,
    })
  })
  await expect(page.locator('.gallery-pair__item--second img')).toHaveAttribute('alt', '')
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    'A white villa above the sea at dusk',
  )
})

test('replace a featured image that has alt text: the save goes through, the old text goes with it', async ({
  page,
  admin,
}) => {
  const project = await admin.createProject({ project: { title: `Villa Cambio ${admin.stamp}` } })
  await admin.signedIn(page)
  await page.goto(`/admin/update-project/${project._id}`)
  await page.getByLabel('Alt text of the featured image').fill('The old front door')
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')

  // The screen still sends the old image's alt text with the new file (decision 115).
  await page.reload()
  await expect(page.getByLabel('Alt text of the featured image')).toHaveValue('The old front door')
  await page
    .getByLabel('Featured Image', { exact: true })
    .setInputFiles({ name: 'new-front.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, 700) })
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')
  const saved = await admin.get<Project>(`/get-project/${project._id}`)
  expect(saved.featuredImage).not.toBe(project.featuredImage)
  expect(saved.imageAlts ?? {}).toEqual({})

  // The page cache may answer an earlier render (the project as created, whose alt is also the
  // title) while it makes the new one, so wait for the new image, then read its alt.
  const newImage = saved.featuredImage!.replace(/\.[a-z]+$/, '')
  await openUntil(page, `/project/${project.slug}`, async () => {
    await expect(page.locator('.project-hero img')).toHaveAttribute('src', new RegExp(newImage), { timeout: 1000 })
  })
  await expect(page.locator('.project-hero img')).toHaveAttribute('alt', `Villa Cambio ${admin.stamp}`)
  const hero = await page.locator('.project-hero img').evaluate((img: HTMLImageElement) => img.currentSrc)
  expect(hero).toContain(newImage)
})
