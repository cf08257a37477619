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
// It is drawn when its record is published or changed (card-queue.ts), or when its own address is
// first asked for; never because a page was rendered (decision 128).

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

// Cards a rendered page named and this process has not seen stored: at most this many are
// remembered (oldest first out), so a crawl of a large site holds a bounded map.
const MAX_WANTED = 5000

export function createSocialCards(options: SocialCardsOptions) {
  const { store, origin, log } = options
  // Keys this process knows are stored, and those being made (one drawing per key at a time).
  const stored = new Set<string>()
  const making = new Map<string, Promise<void>>()
  // What each card a rendered page named shows: drawn only when its record is published or
  // changed (card-queue.ts), or when its own address is asked for (`ready`).
  const wanted = new Map<string, { spec: SocialCardSpec; company: string }>()
  // Set by stop(): nothing starts drawing once the store is about to close.
  let stopped = false
  const stats = { drawn: 0 }

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

  /** Draws a card a page named, unless it is stored; undefined for a key no page named. */
  function draw(key: string): Promise<void> | undefined {
    const running = making.get(key)
    if (running || stored.has(key)) return running ?? Promise.resolve()
    const card = wanted.get(key)
    if (!card || stopped) return undefined
    const pending = (async () => {
      if (!(await exists(key))) {
        await store.put(key, await drawCard(store, card.spec, card.company), 'image/jpeg')
        stats.drawn++
      }
      stored.add(key)
      wanted.delete(key)
    })()
      .catch((error: unknown) => {
        log.warn({ err: error, image: card.spec.image }, 'could not make a social card')
        throw error
      })
      .finally(() => making.delete(key))
    making.set(key, pending)
    return pending
  }

  /**
   * The page with each card request replaced by its card's address. Nothing is drawn here: a
   * render (a crawler's first visit above all) must not leave 100-200 ms of image work behind it
   * on the cores the next visit needs (issue 44). The key is known before the card exists.
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
      if (!stored.has(key) && !wanted.has(key)) {
        wanted.set(key, { spec, company })
        if (wanted.size > MAX_WANTED) wanted.delete(wanted.keys().next().value!)
      }
      replacements.set(address, new URL(keyToPath(key), origin).toString())
    }
    return html.replace(OG_IMAGE, (whole, open: string, address: string, close: string) =>
      replacements.has(address) ? `${open}${replacements.get(address)}${close}` : whole,
    )
  }

  /** The stored keys of the cards a rendered page names. */
  function keysIn(html: string): string[] {
    const prefix = new URL('/uploads/', origin).toString()
    return [...html.matchAll(OG_IMAGE)]
      .map((match) => unescapeHtml(match[2]!))
      .filter((address) => address.startsWith(prefix))
      .map((address) => address.slice(prefix.length))
  }

  /**
   * The image route asks before reading a card from the store: the card being drawn, or drawn
   * now if a page named it and it is not stored yet (its own address is the first to want it).
   */
  const ready = (key: string): Promise<void> | undefined => draw(key)

  /** Waits for the cards being drawn (at shutdown, before the store and the database close). */
  async function stop() {
    stopped = true
    while (making.size > 0) await Promise.allSettled([...making.values()])
  }

  return {
    rewrite,
    keyOf,
    keysIn,
    draw,
    ready,
    stop,
    stats,
    /** Cards being drawn now. */
    get drawing() {
      return making.size
    },
  }
}
export type SocialCards = ReturnType<typeof createSocialCards>

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
