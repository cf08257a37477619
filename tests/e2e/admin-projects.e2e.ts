// Over 300 lines: the project screens' flows (add, edit, reorder, translate, delete) build on one
// helper set for the project form; each test makes and removes its own project.
import type { Locator, Page } from '@playwright/test'
import { jpeg, text } from '../support/images.js'
import { expect, test, type AdminApi } from './support/admin-api.js'
import { expectNoAxeViolations, hydrated, openUntil, signIn } from './support/fixtures.js'

// The admin project screens (SPEC 2, 4, 5, 7, 8), driven through the UI as an administrator:
// list, add with images and amenities, detail, edit (remove + reorder the gallery), translate into
// Swedish with the same-slug alert, delete. Each test makes its own project through the admin API
// (the `admin` fixture, with the demo seed's factories), which deletes it again afterwards.

const AMENITIES = ['Infinity pool', 'Wine cellar']

/** A project's names for one test: unique, so the test finds only its own. */
const names = (admin: AdminApi) => ({
  title: `Villa Prueba ${admin.stamp}, Nerja`,
  slug: `villa-prueba-${admin.stamp}-nerja`,
  titleSv: `Villa Prueba ${admin.stamp} i Nerja`,
  slugSv: `villa-prueba-${admin.stamp}-i-nerja`,
})

/** A project with everything the screens show: every text, featured, banner, four gallery images, two amenities. */
const fullProject = (admin: AdminApi) =>
  admin.createProject({
    project: {
      title: names(admin).title,
      description: 'A white villa on the cliffs above Burriana beach.',
      status: 'Under construction',
      space: '450 m²',
      beds: 4,
      baths: 3,
      galleryTitle1: 'Light, stone and sea',
      galleryDesc1: 'Lime render and oak.',
      galleryTitle2: 'Details',
      galleryDesc2: 'Hand-made tiles.',
    },
    banner: true,
    gallery: 4,
    amenitiesWithImages: AMENITIES,
  })

/** An image file as the file chooser hands it over. */
const image = async (name: string) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(1000, 680) })

/** The gallery thumbnails in their order, as stored image names. */
async function galleryOrder(images: Locator) {
  const sources = await images.evaluateAll((all) =>
    all.map((img) => (img as HTMLImageElement).getAttribute('src') ?? ''),
  )
  return sources.map((src) => src.replace(/^.*\/uploads\//, '').replace(/(-480)?\.[a-z]+$/, ''))
}
const editGallery = (page: Page) => galleryOrder(page.getByRole('img', { name: /^Gallery image \d+$/ }))

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true })

test('the projects list and the add form: only originals, labelled, axe-clean', async ({ page, admin }) => {
  const { title } = names(admin)
  const original = await admin.createProject({ project: { title, status: 'Completed 2024' } })
  await admin.translateProject(original, { title: `Villa Prueba ${admin.stamp} en Nerja`, language: 'es' })

  await signIn(page)
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Projects' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
  const table = page.getByRole('table')
  for (const column of ['Project Title', 'Description', 'Location', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible()
  }
  // The original is listed; its Spanish version is not.
  await expect(table.getByRole('row', { name: new RegExp(title) })).toBeVisible()
  await expect(table.getByText(`Villa Prueba ${admin.stamp} en Nerja`)).toHaveCount(0)
  // Location shows the status field.
  await expect(
    table.getByRole('row', { name: new RegExp(title) }).getByRole('cell', { name: 'Completed 2024' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Add Project' }).click()
  await expect(page).toHaveURL(/\/admin\/add-project$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Add Project' })).toBeVisible()
  for (const label of [
    'Title',
    'Description',
    'Status',
    'Space',
    'Show as Comming Soon',
    'Beds',
    'Baths',
    'Gallery Images',
    'Featured Image',
    'Banner Image',
    'Gallery Title 1',
    'Gallery Description 1',
    'Gallery Title 2',
    'Gallery Description 2',
    'Language',
    'Amenity Title',
    'Amenity Image',
  ]) {
    await expect(field(page, label)).toHaveCount(1)
  }
  await expect(field(page, 'Language')).toHaveValue('en')
  await expectNoAxeViolations(page)
})

test('add a project with images and two amenities; it heads the list and the public home page', async ({
  page,
  admin,
}) => {
  const { title, slug } = names(admin)
  await signIn(page)
  await page.goto('/admin/add-project')
  await expect(field(page, 'Title')).toBeVisible()

  // SPEC 5: the title is required; the message appears below the form and nothing is sent.
  await page.getByRole('button', { name: 'Add Project' }).click()
  await expect(page.getByRole('alert')).toHaveText('Title is required')
  await expect(field(page, 'Title')).toBeFocused()

  await field(page, 'Title').fill(title)
  await field(page, 'Description').fill('A white villa on the cliffs above Burriana beach.')
  await field(page, 'Status').fill('Under construction')
  await field(page, 'Space').fill('450 m²')
  await field(page, 'Beds').fill('4')
  await field(page, 'Baths').fill('3')
  await field(page, 'Gallery Title 1').fill('Light, stone and sea')
  await field(page, 'Gallery Description 1').fill('Lime render and oak.')
  await field(page, 'Gallery Title 2').fill('Details')
  await field(page, 'Gallery Description 2').fill('Hand-made tiles.')
  await field(page, 'Featured Image').setInputFiles(await image('featured'))
  await field(page, 'Banner Image').setInputFiles(await image('banner'))
  await expect(page.getByRole('list', { name: 'Featured Image preview' }).getByRole('img')).toHaveCount(1)

  await field(page, 'Amenity Title').fill(AMENITIES[0]!)
  await field(page, 'Amenity Image').setInputFiles(await image('pool'))
  await page.getByRole('button', { name: 'Add More Amenity' }).click()
  await expect(field(page, 'Amenity Title').nth(1)).toBeFocused()
  await field(page, 'Amenity Title').nth(1).fill(AMENITIES[1]!)
  await field(page, 'Amenity Image')
    .nth(1)
    .setInputFiles(await image('cellar'))
  // A third row without an image is dropped (SPEC 4), and a row can be removed.
  await page.getByRole('button', { name: 'Add More Amenity' }).click()
  await field(page, 'Amenity Title').nth(2).fill('Left out')
  await page.getByRole('button', { name: 'Remove amenity 3' }).click()
  await expect(field(page, 'Amenity Title')).toHaveCount(2)

  // A refused upload: the server's message below the form, and everything typed is still there.
  const notAnImage = { name: 'not-an-image.jpg', mimeType: 'image/jpeg', buffer: text() }
  await field(page, 'Gallery Images').setInputFiles([await image('g1'), notAnImage])
  await page.getByRole('button', { name: 'Add Project' }).click()
  await expect(page.getByRole('alert')).toHaveText('File must be a JPEG, PNG, WebP or AVIF image')
  await expect(page).toHaveURL(/\/admin\/add-project$/)
  await expect(field(page, 'Title')).toHaveValue(title)
  await expect(field(page, 'Amenity Title').nth(1)).toHaveValue(AMENITIES[1]!)

  await field(page, 'Gallery Images').setInputFiles(
    await Promise.all(['g1', 'g2', 'g3', 'g4'].map((name) => image(name))),
  )
  await expect(page.getByRole('list', { name: 'Gallery Images preview' }).getByRole('img')).toHaveCount(4)
  await page.getByRole('button', { name: 'Add Project' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)

  const row = page.getByRole('row', { name: new RegExp(title) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Under construction' })).toBeVisible()
  await row.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(/\/admin\/project\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('region', { name: /^Amenities/ }).getByRole('img')).toHaveCount(2)

  // The public home page lists the newest project first.
  const recent = page.getByRole('region', { name: 'Recent projects' })
  await openUntil(page, '/', () =>
    expect(recent.getByRole('heading', { level: 3 }).first()).toHaveText(title, { timeout: 1000 }),
  )
  await expect(recent.getByRole('link', { name: /View More/ }).first()).toHaveAttribute('href', `/project/${slug}`)
})

test('the detail screen shows every field, the images and the amenities', async ({ page, admin }) => {
  const { title } = names(admin)
  const project = await fullProject(admin)
  await signIn(page)
  await page.goto(`/admin/project/${project._id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const facts = page.getByRole('region', { name: 'Details' })
  const fact = (term: string) =>
    facts
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]')
  await expect(fact('Language')).toHaveText('English (en)')
  await expect(fact('Title')).toHaveText(title)
  await expect(fact('Status')).toHaveText('Under construction')
  await expect(fact('Space')).toHaveText('450 m²')
  await expect(fact('Show as Comming Soon')).toHaveText('No')
  await expect(fact('Beds')).toHaveText('4')
  await expect(fact('Baths')).toHaveText('3')
  await expect(fact('Description')).toHaveText('A white villa on the cliffs above Burriana beach.')
  const text = page.getByRole('region', { name: 'Gallery text' })
  for (const value of ['Light, stone and sea', 'Lime render and oak.', 'Details', 'Hand-made tiles.']) {
    await expect(text.getByText(value, { exact: true })).toBeVisible()
  }
  const images = page.getByRole('region', { name: 'Images' })
  await expect(images.getByRole('img', { name: 'Featured image' })).toBeVisible()
  await expect(images.getByRole('img', { name: 'Banner image' })).toBeVisible()
  await expect(images.getByRole('img', { name: /^Gallery image \d$/ })).toHaveCount(4)
  // Thumbnails use the 480 px WebP variant.
  await expect(images.getByRole('img', { name: 'Featured image' })).toHaveAttribute('src', /-480\.webp$/)
  const amenities = page.getByRole('region', { name: /^Amenities/ })
  for (const name of AMENITIES) {
    await expect(amenities.getByText(name, { exact: true })).toBeVisible()
    await expect(amenities.getByRole('img', { name: `Image of ${name}` })).toBeVisible()
  }
  await expect(page.getByRole('region', { name: 'Translations' })).toContainText('No translations yet.')
  for (const name of ['Edit', 'Translate', 'Delete'])
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/update-project/${project._id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible()
})

test('edit: remove a gallery image at once, reorder by keyboard and by dragging, save', async ({ page, admin }) => {
  const { title } = names(admin)
  const project = await fullProject(admin)
  await signIn(page)
  await page.goto(`/admin/update-project/${project._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible()
  await expect(field(page, 'Title')).toHaveValue(title)
  await expect(field(page, 'Status')).toHaveValue('Under construction')
  await expect(field(page, 'Beds')).toHaveValue('4')
  await expect(field(page, 'Show as Comming Soon')).not.toBeChecked()
  await expect(field(page, 'Amenity Title')).toHaveCount(2)
  await expect(field(page, 'Amenity Title').first()).toHaveValue(AMENITIES[0]!)
  await expect(page.getByRole('button', { name: 'Remove featured image' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove banner image' })).toBeVisible()
  await expectNoAxeViolations(page)

  const [a, b, c, d] = await editGallery(page)
  expect([a, b, c, d].every(Boolean)).toBe(true)

  // Remove takes the image off at once: gone from the screen, and gone after a reload.
  await page.getByRole('button', { name: 'Remove gallery image 2' }).click()
  await expect.poll(() => editGallery(page)).toEqual([a, c, d])
  // The focus moves to the next image's Remove button (c, now the second image).
  await expect(page.getByRole('button', { name: 'Remove gallery image 2' })).toBeFocused()
  await expect
    .poll(
      async () => (await admin.get<{ galleryImages: string[] }>(`/get-project/${project._id}`)).galleryImages.length,
    )
    .toBe(3)
  await page.reload()
  await expect.poll(() => editGallery(page)).toEqual([a, c, d])

  // Keyboard: the move buttons of each image (the focus stays on the moved image's button).
  await page.getByRole('button', { name: 'Move gallery image 1 right' }).click()
  await expect.poll(() => editGallery(page)).toEqual([c, a, d])
  await expect(page.getByRole('button', { name: 'Move gallery image 2 right' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => editGallery(page)).toEqual([c, d, a])
  // Dragging: the last image dropped onto the first.
  const items = page.locator('.project-gallery__item')
  await items.nth(2).dragTo(items.nth(0))
  await expect.poll(() => editGallery(page)).toEqual([a, c, d])
  await page.getByRole('button', { name: 'Move gallery image 3 left' }).click()
  await expect.poll(() => editGallery(page)).toEqual([a, d, c])

  await field(page, 'Status').fill('Completed 2026')
  await page.getByRole('button', { name: 'Update Project' }).click()
  await expect(page.getByRole('status')).toHaveText('Project updated successfully!')
  await expect.poll(() => editGallery(page)).toEqual([a, d, c])
  await expect(field(page, 'Status')).toHaveValue('Completed 2026')

  await page.goto(`/admin/project/${project._id}`)
  await expect(
    page
      .getByRole('region', { name: 'Details' })
      .getByRole('definition')
      .filter({ hasText: /^Completed 2026$/ }),
  ).toBeVisible()
  const images = page.getByRole('region', { name: 'Images' }).getByRole('img', { name: /^Gallery image \d$/ })
  expect(await galleryOrder(images)).toEqual([a, d, c])
})

test('translate into Swedish: the same slug is refused with an alert, a new one is published', async ({
  page,
  admin,
}) => {
  const { title, slug, titleSv, slugSv } = names(admin)
  const project = await fullProject(admin)
  await signIn(page)
  await page.goto(`/admin/project/${project._id}`)
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/translate-project/${project._id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Translate Project' })).toBeVisible()

  // The choices: every language except en (and except languages the project already has).
  const language = field(page, 'Translation Language')
  await expect(language.getByRole('option', { name: /\(en\)/ })).toHaveCount(0)
  await expect(language.getByRole('option', { name: 'Svenska (sv)' })).toHaveCount(1)
  await expect(field(page, 'Title')).toHaveValue(title)
  await expect(field(page, 'Status')).toHaveValue('Under construction')

  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/add-project')) sent.push(request.method())
  })
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })

  await language.selectOption('sv')
  await field(page, 'Title').fill(titleSv)
  await field(page, 'Description').fill('En vit villa på klipporna ovanför Burriana-stranden.')
  await field(page, 'Amenity Title').first().fill('Infinitypool')
  await field(page, 'Translated Slug').fill(`  ${slug}  `)
  await page.getByRole('button', { name: 'Translate Project' }).click()
  await expect.poll(() => dialogs).toEqual(["Project slug shouldn't be same"])
  expect(sent).toEqual([])
  await expect(page).toHaveURL(new RegExp(`/admin/translate-project/${project._id}$`))

  // The banner image stays with the original only.
  await page.getByRole('checkbox', { name: 'Keep banner image' }).uncheck()
  await field(page, 'Translated Slug').fill(slugSv)
  await page.getByRole('button', { name: 'Translate Project' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)
  expect(sent).toEqual(['POST'])
  // Still one row: the list shows originals only.
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(1)
  await expect(page.getByText(titleSv)).toHaveCount(0)

  // The original's detail links to the translation's edit screen.
  await page.goto(`/admin/project/${project._id}`)
  const link = page.getByRole('link', { name: 'Edit Translation in Svenska' })
  await expect(link).toBeVisible()
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project Translation' })).toBeVisible()
  await expect(field(page, 'Title')).toHaveValue(titleSv)
  await expect(field(page, 'Amenity Title').first()).toHaveValue('Infinitypool')
  await expect(page.getByRole('button', { name: 'Remove banner image' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove featured image' })).toBeVisible()

  // Translating again offers neither en nor sv.
  await page.goto(`/admin/translate-project/${project._id}`)
  await expect(field(page, 'Translation Language').getByRole('option', { name: 'Svenska (sv)' })).toHaveCount(0)

  // Public: the Swedish home lists the Swedish title; the project page offers both languages.
  await page.goto('/sv')
  await expect(page.getByRole('heading', { level: 3, name: titleSv })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0)
  // The page was rendered into the cache when the project was published (decision 128); the
  // first visit after the translation may get that copy while it is rendered again (stale).
  await expect
    .poll(async () => {
      await page.goto(`/project/${slug}`)
      return page.getByRole('button', { name: 'Language: EN' }).count()
    })
    .toBe(1)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // The menu opens with script: a press before hydration does nothing (CI pressed too early once).
  await hydrated(page)
  await page.getByRole('button', { name: 'Language: EN' }).click()
  await expect(page.getByRole('link', { name: 'SV', exact: true })).toHaveAttribute('href', `/project/${slugSv}`)
  await page.getByRole('link', { name: 'SV', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${slugSv}$`))
  await expect(page.getByRole('heading', { level: 1, name: titleSv })).toBeVisible()
})

test('delete the project after confirming; it leaves the list and the home page', async ({ page, admin }) => {
  const { title } = names(admin)
  const project = await admin.createProject({ project: { title } })
  const other = await admin.createProject({ project: { title: `Villa Otra ${admin.stamp}, Nerja` } })
  await signIn(page)
  await page.goto(`/admin/project/${project._id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  // Dismissing the confirmation keeps the project.
  page.once('dialog', (dialog) => void dialog.dismiss())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/project/${project._id}$`))

  const confirmations: string[] = []
  page.once('dialog', (dialog) => {
    confirmations.push(dialog.message())
    void dialog.accept()
  })
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/admin\/projects$/)
  expect(confirmations[0]).toContain(title)
  await expect(page.getByRole('row', { name: new RegExp(other.title) })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)

  await page.goto(`/admin/project/${project._id}`)
  await expect(page.getByRole('alert')).toHaveText('Project not found!')
  await openUntil(page, '/', () => expect(page.getByRole('heading', { name: title })).toHaveCount(0, { timeout: 1000 }))
})

test('the projects list scrolls sideways and the add form is one column on a phone @phone', async ({ page, admin }) => {
  test.skip(page.viewportSize()!.width > 500, 'the phone layout')
  await admin.createProject({ project: { title: names(admin).title } })
  await signIn(page)
  await page.goto('/admin/projects')
  await expect(page.getByRole('table')).toBeVisible()
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    wrap: document.querySelector('.admin-table-wrap')!.scrollWidth,
  }))
  expect(widths.page).toBeLessThanOrEqual(widths.viewport)
  expect(widths.wrap).toBeGreaterThan(widths.viewport)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Add Project' }).click()
  await expect(field(page, 'Title')).toBeVisible()
  const [status, space] = await Promise.all([field(page, 'Status').boundingBox(), field(page, 'Space').boundingBox()])
  expect(space!.y).toBeGreaterThan(status!.y + status!.height)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  )
  await expectNoAxeViolations(page)
})
