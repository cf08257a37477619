import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import sharp from 'sharp'
import { parseSocialCardRequest, SOCIAL_CARD, type SocialCardSpec } from '../../shared/social-card.js'
import { keyId, keyToPath, pathToKey, variantKey } from '../storage/image-key.js'
import type { ImageStore } from '../storage/image-store.js'

// Social cards (issue 24, item 4; decision 105). A page's meta names its card with a request
// address (shared/social-card.ts); here, after the page is rendered, each such address is replaced
// by the stored card's. A card is made once per distinct title, picture, language and company
// name (its key is their hash), kept in the image store and served at /uploads/ like any image.

/** Bump to redraw every card (a new layout). */
const CARD_VERSION = 1
const { width: WIDTH, height: HEIGHT } = SOCIAL_CARD
/** The widest variant the card is drawn from: enough for 1200 px, cheaper to decode than a master. */
const SOURCE_WIDTH = 1280
const BACKGROUND = '#1f2a2e'

export interface SocialCardsOptions {
  store: ImageStore
  origin: string
  companyName: () => Promise<string>
  log: FastifyBaseLogger
}

const OG_IMAGE = /(<meta property="og:image" content=")([^"]*)(")/g

export function createSocialCards(options: SocialCardsOptions) {
  const { store, origin, log } = options
  // Keys this process knows are stored, and those being made (one drawing per key at a time).
  const stored = new Set<string>()
  const making = new Map<string, Promise<void>>()
  // Set by stop(): a page rendered while the server closes (the page cache's refresh) starts no
  // drawing that would write to the store after it has closed; that page's next render draws it.
  let stopped = false

  const keyOf = (spec: SocialCardSpec, company: string) =>
    `${createHash('sha256')
      .update(
        JSON.stringify(
          spec.plain ? [CARD_VERSION, 'plain', spec.image] : [CARD_VERSION, spec.title, spec.image, spec.lang, company],
        ),
      )
      .digest('hex')
      .slice(0, 24)}.jpg`

  async function exists(key: string) {
    const found = await store.get(key)
    found?.body.on('error', () => {}).resume()
    return Boolean(found)
  }

  async function make(key: string, spec: SocialCardSpec, company: string) {
    if (stored.has(key)) return
    let pending = making.get(key)
    if (!pending) {
      pending = (async () => {
        if (!(await exists(key))) await store.put(key, await drawCard(store, spec, company), 'image/jpeg')
        stored.add(key)
      })().finally(() => making.delete(key))
      making.set(key, pending)
    }
    await pending
  }

  /**
   * The page with each card request replaced by its card's address. A new card is drawn after the
   * page has gone out, not before: drawing takes 100-200 ms, which a visitor's first view of a
   * page must not wait for, while the crawlers that read og:image come later (and the image route
   * waits for a card this process is drawing: `ready`). A card that cannot be drawn is logged;
   * its address answers 404 until the page's next render tries again.
   */
  async function rewrite(html: string): Promise<string> {
    const requests = [...html.matchAll(OG_IMAGE)].map((match) => match[2]!)
    if (requests.length === 0) return html
    const company = await options.companyName()
    const replacements = new Map<string, string>()
    for (const address of requests) {
      const spec = parseSocialCardRequest(unescapeHtml(address))
      if (!spec) continue
      const key = keyOf(spec, company)
      if (!stored.has(key) && !stopped)
        make(key, spec, company).catch((error: unknown) =>
          log.warn({ err: error, image: spec.image }, 'could not make a social card'),
        )
      replacements.set(address, new URL(keyToPath(key), origin).toString())
    }
    return html.replace(OG_IMAGE, (whole, open: string, address: string, close: string) =>
      replacements.has(address) ? `${open}${replacements.get(address)}${close}` : whole,
    )
  }

  /** Waits for the card of this stored key if this process is drawing it (the image route asks). */
  const ready = (key: string): Promise<void> | undefined => making.get(key)

  /** Waits for the cards being drawn (at shutdown, before the store and the database close). */
  async function stop() {
    stopped = true
    while (making.size > 0) await Promise.allSettled([...making.values()])
  }

  return { rewrite, keyOf, ready, stop }
}

/** The page's picture, darkened at the foot, with the company's mark and the title over it. */
async function drawCard(store: ImageStore, spec: SocialCardSpec, company: string): Promise<Buffer> {
  const source = spec.image ? await readPicture(store, spec.image) : null
  const base = source
    ? sharp(source).resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: BACKGROUND } })
  // An uploaded card is the editor's picture as it is, cut to the size the networks show.
  if (spec.plain && source) return base.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
  return base
    .composite([{ input: Buffer.from(overlaySvg(spec.title, company, spec.lang)), top: 0, left: 0 }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
}

async function readPicture(store: ImageStore, imagePath: string): Promise<Buffer | null> {
  const key = pathToKey(imagePath)
  if (!key) return null
  for (const candidate of [variantKey(keyId(key), SOURCE_WIDTH, 'webp'), key]) {
    const found = await store.get(candidate)
    if (found) {
      const chunks: Buffer[] = []
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Buffer))
      return Buffer.concat(chunks)
    }
  }
  return null
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The title in at most three lines of about `perLine` characters, broken between words. */
export function wrapTitle(title: string, perLine = 30, maxLines = 3): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (next.length <= perLine || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`
  return kept
}

function overlaySvg(title: string, company: string, lang: string): string {
  const lines = wrapTitle(title)
  const lineHeight = 74
  const firstBaseline = HEIGHT - 70 - (lines.length - 1) * lineHeight
  const tspans = lines
    .map((text, i) => `<tspan x="72" y="${firstBaseline + i * lineHeight}">${escapeXml(text)}</tspan>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#000" stop-opacity="0.45"/>
    <stop offset="0.35" stop-color="#000" stop-opacity="0.1"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.78"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <g transform="translate(72 56) scale(2)" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round">
    <path d="M2 22h36M8 22V11l12-8 12 8v11"/>
  </g>
  <text x="170" y="100" font-family="DejaVu Serif, Liberation Serif, serif" font-size="30" letter-spacing="3" fill="#fff">${escapeXml(company.toUpperCase())}</text>
  <text xml:lang="${escapeXml(lang)}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="60" fill="#fff">${tspans}</text>
</svg>`
}
