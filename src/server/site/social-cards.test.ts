import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { socialCardRequest } from '../../shared/social-card.js'
import { createLocalImageStore } from '../storage/local-image-store.js'
import { createSocialCards } from './social-cards.js'

// A render names its card; the card queue or the card's own address draws it. At shutdown the server waits for the drawings,
// and a page rendered while it closes (the page cache's refresh) must start none: a drawing
// that wrote to the store after it closed left a file in a data folder being removed (CI:
// ENOTEMPTY from a test server's cleanup).
let root: string
afterEach(() => rm(root, { recursive: true, force: true }))

const pageWithCard = (title: string) =>
  `<head><meta property="og:image" content="${socialCardRequest({ title, image: null, lang: 'en' }).replace(/&/g, '&amp;')}"/></head>`

async function cards() {
  root = await mkdtemp(path.join(tmpdir(), 'social-cards-'))
  const store = createLocalImageStore(root)
  const made = createSocialCards({
    store,
    origin: 'https://villas.example',
    companyName: async () => 'Costa Villas',
    log: pino({ level: 'silent' }),
  })
  return { made, files: async () => (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.jpg')) }
}

describe('social cards at shutdown', () => {
  it('a render names its card and draws nothing; stop() waits for a drawing under way', async () => {
    const { made, files } = await cards()
    const html = await made.rewrite(pageWithCard('Villa Mirador'))
    expect(html).toContain('https://villas.example/uploads/')
    expect(made.drawing).toBe(0)
    // What the card queue does after a publish (decision 128): draw the card a page named.
    const [key] = made.keysIn(html)
    void made.draw(key!)
    expect(made.drawing).toBe(1)
    await made.stop()
    expect(await files()).toHaveLength(1)
  })

  it('a page rendered after stop() starts no drawing, and still names its card', async () => {
    const { made, files } = await cards()
    await made.stop()
    const html = await made.rewrite(pageWithCard('Villa Brisa'))
    expect(html).toContain('https://villas.example/uploads/')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await files()).toEqual([])
  })
})
