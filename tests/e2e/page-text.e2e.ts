import { expect, test } from '@playwright/test'
import { hydrated } from './support/fixtures.js'

// A page's HTML carries only the strings that page shows (decision 076): each route names the
// strings of the components it renders. Naming too few would show English on a translated page;
// this walks the Spanish pages, hydrated, for any English source text that has a Spanish
// translation.

const PAGES = [
  '/es',
  '/es/about',
  '/es/all-projects',
  '/es/contact',
  '/project/villa-brisa-en-estepona',
  '/es/coming-soon',
]

type Dictionary = Record<string, string>

test('every string a Spanish page shows is in Spanish, hydrated too', async ({ page, request }) => {
  const english = new Set<string>()
  for (const name of ['home', 'about', 'contact', 'coming-soon']) {
    const answer = await request.get(`/api/admin/get-translation-page/${name}`)
    expect(answer.status(), name).toBe(200)
    const { translations } = (await answer.json()) as { translations: Record<string, Dictionary>[] }
    for (const [source, spanish] of Object.entries(translations[0]?.es ?? {}))
      if (spanish.trim() !== source.trim()) english.add(source.trim())
  }
  expect(english.size).toBeGreaterThan(50)

  for (const path of PAGES) {
    await page.goto(path)
    await hydrated(page)
    const shown = await page.evaluate(() => {
      const texts: string[] = [document.title]
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '')
      for (const element of document.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))
        for (const name of ['aria-label', 'alt', 'title', 'placeholder']) texts.push(element.getAttribute(name) ?? '')
      return texts.map((text) => text.trim()).filter(Boolean)
    })
    expect(
      shown.filter((text) => english.has(text)),
      `${path}: English where a translation exists`,
    ).toEqual([])
  }
})

test('a page carries the strings it shows later, and not those of other pages', async ({ request }) => {
  const html = async (path: string) => (await request.get(path)).text()
  const home = await html('/es')
  // Shown on a project page only ("Beds", the lightbox's "Zoom in").
  expect(home).not.toContain('Dormitorios')
  expect(home).not.toContain('Ampliar')
  // The lightbox's labels are shown only once it opens, after hydration: the project page has them.
  expect(await html('/project/villa-brisa-en-estepona')).toContain('Ampliar')
})
