// Generated demo art: calm, abstract Costa del Sol scenes drawn as SVG and encoded with sharp.
// Everything is derived from the palette and the seed, so the same call gives the same picture.
import sharp from 'sharp'
import { encodedOnce } from '../storage/encoded-images.js'
import type { DemoPalette } from './demo-content.js'
import {
  colours,
  cypress,
  defs,
  f,
  H,
  hashText,
  hills,
  mix,
  palm,
  random,
  rect,
  sea,
  sky,
  villa,
  W,
  type Colours,
} from './demo-scenery.js'

export type DemoImageKind = 'facade' | 'pool' | 'interior' | 'terrace' | 'aerial' | 'detail'

function facade(c: Colours, r: () => number): string {
  const horizon = 470 + r() * 50
  const sunX = r() < 0.5 ? 260 + r() * 200 : 1140 + r() * 200
  const groundY = horizon + 70
  const base = 780 + r() * 30
  const cx = 760 + (r() - 0.5) * 200
  let out = defs(c, horizon) + sky(c, sunX, horizon - 170 - r() * 150, 38 + r() * 16)
  out += hills(c, r, horizon, sunX < 800 ? 700 : -100, sunX < 800 ? 1700 : 900)
  out += sea(c, r, horizon, groundY, sunX)
  out += rect(0, groundY, W, H - groundY, 'url(#ground)')
  out += villa(c, r, cx, base, 1.05)
  out += rect(0, base + 14, W, H - base, c.stone)
  out += rect(cx - 480, base + 50, 760 + r() * 120, 62, 'url(#pool)')
  out += rect(cx - 480, base + 46, 760, 4, c.white)
  for (let x = 0; x < W; x += 160) out += rect(x, base + 130, 1, H - base, c.stoneDark, ' opacity="0.35"')
  out += rect(0, base + 130, W, 1, c.stoneDark, ' opacity="0.35"')
  const left = r() < 0.5
  const px = left ? 120 + r() * 120 : 1300 + r() * 160
  out += palm(c, px, base + 20, 460 + r() * 100, left ? 0.25 : -0.25)
  out += palm(c, px + (left ? 130 : -120), base + 20, 360 + r() * 70, left ? 0.35 : -0.3)
  const cyX = left ? 1320 + r() * 120 : 140 + r() * 120
  out += cypress(c, cyX, base + 10, 300 + r() * 60) + cypress(c, cyX + 70, base + 10, 250 + r() * 60)
  return out
}

function pool(c: Colours, r: () => number): string {
  const horizon = 420 + r() * 60
  const sunX = 300 + r() * 1000
  const edge = horizon + 120
  let out = defs(c, horizon) + sky(c, sunX, horizon - 140 - r() * 120, 34 + r() * 14)
  out += sea(c, r, horizon, edge, sunX)
  const right = r() < 0.5
  out += villa(c, r, right ? 1250 : 350, edge - 4, 0.62)
  out += rect(0, edge - 6, W, 6, c.white)
  out += `<path d="M0 ${f(edge)} L${W} ${f(edge)} L${W} ${H} L0 ${H} Z" fill="url(#pool)"/>`
  for (let i = 0; i < 14; i++) {
    const y = edge + 30 + i * i * 2.4 + r() * 20
    const x = r() * W
    const w = 60 + i * 14 + r() * 80
    out += `<path d="M${f(x)} ${f(y)} q${f(w / 4)} -6 ${f(w / 2)} 0 t${f(w / 2)} 0" stroke="${c.white}" stroke-width="${f(1.5 + i * 0.2)}" fill="none" opacity="0.35"/>`
  }
  out += rect(sunX - 40, edge + 10, 80, H - edge, c.sun, ' opacity="0.12"')
  // stone deck in perspective with two sun loungers
  const deckX = right ? 0 : W
  const dx = right ? 1 : -1
  out += `<path d="M${deckX} ${f(edge + 80)} L${deckX + dx * 360} ${f(edge + 80)} L${deckX + dx * 620} ${H} L${deckX} ${H} Z" fill="${c.stone}"/>`
  out += `<path d="M${deckX + dx * 360} ${f(edge + 80)} L${deckX + dx * 620} ${H}" stroke="${c.white}" stroke-width="8"/>`
  for (let i = 0; i < 2; i++) {
    const ly = edge + 170 + i * 150
    const lx = deckX + dx * (60 + i * 50)
    out +=
      rect(Math.min(lx, lx + dx * 220), ly, 220, 34 + i * 8, c.white) +
      rect(Math.min(lx, lx + dx * 220), ly + 34 + i * 8, 220, 10, c.shade)
  }
  out += palm(c, right ? 80 : W - 80, edge + 120, 620, right ? 0.3 : -0.3)
  return out
}

function terrace(c: Colours, r: () => number): string {
  const horizon = 540 + r() * 40
  const floorY = 720
  const sunX = 450 + r() * 700
  let out = defs(c, horizon) + sky(c, sunX, horizon - 150 - r() * 120, 36)
  out += hills(c, r, horizon, -100, 600 + r() * 300)
  out += sea(c, r, horizon, floorY, sunX)
  out += rect(0, floorY - 60, W, 60, c.white, ' opacity="0.12"') + rect(0, floorY - 62, W, 3, c.white, ' opacity="0.7"')
  out += rect(0, floorY, W, H - floorY, c.stone)
  const vx = 800
  for (let i = -8; i <= 8; i++)
    out += `<path d="M${vx + i * 40} ${floorY} L${vx + i * 260} ${H}" stroke="${c.stoneDark}" stroke-width="1.2" opacity="0.4"/>`
  for (const y of [760, 820, 905]) out += rect(0, y, W, 1.2, c.stoneDark, ' opacity="0.4"')
  out += `<path d="M0 ${floorY} L${W} ${floorY} L${W} ${floorY + 90} L0 ${floorY + 200} Z" fill="#000" opacity="0.08"/>`
  // roof slab and a column framing the view
  out += rect(0, 0, W, 110, c.white) + rect(0, 110, W, 18, c.shade) + rect(0, 128, W, 26, 'url(#fade)')
  const colX = r() < 0.5 ? 90 + r() * 80 : 1380 - r() * 80
  out += rect(colX, 128, 70, H - 128, c.white) + rect(colX + 50, 128, 20, H - 128, c.shade)
  // a low daybed and an olive in a planter
  const bx = 420 + r() * 500
  out +=
    rect(bx, 800, 360, 50, c.white) +
    rect(bx, 850, 360, 16, c.shade) +
    rect(bx + 20, 776, 110, 28, mix(c.accent, c.stone, 0.4))
  const ox = bx > 700 ? bx - 260 : bx + 560
  out += rect(ox, 760, 120, 110, c.stoneDark)
  out += `<path d="M${ox + 60} 760 L${ox + 60} 640" stroke="${c.greenDark}" stroke-width="8"/>`
  out += `<ellipse cx="${ox + 60}" cy="620" rx="120" ry="70" fill="${c.green}" opacity="0.95"/><ellipse cx="${ox + 30}" cy="600" rx="70" ry="45" fill="${mix(c.green, c.skyLow, 0.2)}"/>`
  return out
}

function interior(c: Colours, r: () => number): string {
  const winX = 360 + r() * 80
  const winW = 880
  const winTop = 170
  const floorY = 760
  const horizon = 520
  const sunX = winX + 150 + r() * (winW - 300)
  let out = defs(c, horizon) + sky(c, sunX, 330 + r() * 80, 30)
  out += sea(c, r, horizon, floorY, sunX)
  out += palm(c, winX + (r() < 0.5 ? 140 : winW - 140), floorY, 420, 0.2)
  const wall = mix(c.white, c.stone, 0.5)
  // walls around the opening, a side wall in perspective, a ceiling and a floor
  out += rect(0, 0, W, winTop, wall) + rect(0, 0, winX, H, wall) + rect(winX + winW, 0, W - winX - winW, H, wall)
  out += `<path d="M0 0 L${winX - 120} 90 L${winX - 120} ${floorY + 30} L0 ${H} Z" fill="${mix(wall, '#000', 0.06)}"/>`
  out += rect(0, 0, W, 90, mix(wall, c.skyTop, 0.08)) + rect(0, 90, W, 20, 'url(#fade)')
  out += rect(0, floorY, W, H - floorY, mix(c.accent, c.stone, 0.55))
  for (let i = 0; i < 7; i++)
    out += rect(0, floorY + 12 + i * i * 5.5, W, 1.5, mix(c.accent, '#000', 0.2), ' opacity="0.25"')
  out += `<path d="M${winX} ${floorY} L${winX + winW} ${floorY} L${winX + winW + 260} ${H} L${winX + 180} ${H} Z" fill="${c.sun}" opacity="0.25"/>`
  for (const x of [winX, winX + winW / 3, winX + (2 * winW) / 3, winX + winW])
    out += rect(x - 5, winTop, 10, floorY - winTop, c.glass)
  out += rect(winX - 5, winTop - 5, winW + 10, 10, c.glass)
  // a low sofa, a round table and a pendant
  const sx = 240 + r() * 300
  const sofa = mix(c.stone, c.accent, 0.2)
  out += `<rect x="${f(sx)}" y="760" width="620" height="110" rx="18" fill="${sofa}"/><rect x="${f(sx)}" y="720" width="620" height="70" rx="18" fill="${mix(sofa, '#fff', 0.25)}"/>`
  out += rect(sx, 870, 620, 14, '#000', ' opacity="0.12"')
  const wood = mix(c.accent, '#2a2118', 0.45)
  out += `<rect x="${f(sx + 790)}" y="860" width="140" height="60" fill="${mix(wood, '#000', 0.2)}"/><ellipse cx="${f(sx + 860)}" cy="860" rx="150" ry="28" fill="${wood}"/>`
  out += `<path d="M${f(sx + 760)} 0 L${f(sx + 760)} 300" stroke="${c.glass}" stroke-width="2"/><path d="M${f(sx + 700)} 340 A60 60 0 0 1 ${f(sx + 820)} 340 Z" fill="${c.accent}"/>`
  return out
}

function aerial(c: Colours, r: () => number): string {
  let out = defs(c, 0) + rect(0, 0, W, H, mix(c.green, c.stone, 0.45))
  const cut = 180 + r() * 120
  out += `<path d="M0 0 L${W} 0 L${W} ${f(cut * 0.6)} C1100 ${f(cut * 1.3)} 500 ${f(cut * 0.2)} 0 ${f(cut * 1.1)} Z" fill="${mix(c.sea, c.pool, 0.25)}"/>`
  for (let i = 0; i < 5; i++)
    out += `<path d="M0 ${f(cut * (0.3 + i * 0.14))} C500 ${f(cut * (i * 0.14 - 0.5))} 1100 ${f(cut * (0.5 + i * 0.14))} ${W} ${f(cut * (i * 0.14 - 0.1))}" stroke="${c.white}" stroke-width="2" fill="none" opacity="0.18"/>`
  out += `<path d="M0 ${f(cut * 1.1)} C500 ${f(cut * 0.2)} 1100 ${f(cut * 1.3)} ${W} ${f(cut * 0.6)}" stroke="${c.stone}" stroke-width="40" fill="none"/>`
  const ox = 420 + r() * 260
  const oy = 400 + r() * 80
  const blocks: [number, number, number, number][] = [
    [ox, oy, 560, 170],
    [ox + (r() < 0.5 ? -60 : 260), oy + 170, 360, 150],
    [ox + 420, oy - 90 + r() * 40, 220, 150],
  ]
  out += rect(ox - 120, oy - 150, 900, 560, c.stone, ' opacity="0.55"')
  for (const [x, y, w, h] of blocks) out += rect(x + 22, y + 26, w, h, '#000', ' opacity="0.18"')
  for (const [x, y, w, h] of blocks)
    out +=
      rect(x, y, w, h, c.white) + rect(x + 14, y + 14, w - 28, h - 28, 'none', ` stroke="${c.shade}" stroke-width="2"`)
  out +=
    rect(ox + 60, oy + 50, 80, 50, c.glass, ' opacity="0.7"') +
    rect(ox + 300, oy + 60, 120, 36, c.glass, ' opacity="0.7"')
  const px = ox + (r() < 0.5 ? -20 : 120)
  const py = oy + 360
  out += rect(px - 12, py - 12, 524, 144, c.white) + rect(px, py, 500, 120, 'url(#pool)')
  for (let i = 0; i < 12; i++) {
    const tx = r() < 0.5 ? 80 + r() * 260 : 1260 + r() * 280
    const ty = 420 + r() * 540
    const tr = 26 + r() * 34
    out += `<circle cx="${f(tx + 12)}" cy="${f(ty + 14)}" r="${f(tr)}" fill="#000" opacity="0.18"/><circle cx="${f(tx)}" cy="${f(ty)}" r="${f(tr)}" fill="${c.green}"/><circle cx="${f(tx - tr * 0.25)}" cy="${f(ty - tr * 0.25)}" r="${f(tr * 0.55)}" fill="${mix(c.green, c.skyLow, 0.25)}"/>`
  }
  out += `<path d="M${f(ox + 280)} ${f(oy + 410)} L${f(ox + 280)} ${H}" stroke="${c.stone}" stroke-width="28"/>`
  return out
}

function detail(c: Colours, r: () => number): string {
  const horizon = 760
  const sunX = 200 + r() * 400
  let out = defs(c, horizon) + sky(c, sunX, 260 + r() * 200, 44)
  out += sea(c, r, horizon, H, sunX)
  // two crisp white planes meeting at a corner, with a pergola's striped shadow
  const cx = 820 + r() * 200
  out += `<path d="M${f(cx)} 120 L${W} 40 L${W} ${H} L${f(cx)} ${H} Z" fill="${c.white}"/>`
  out += `<path d="M${f(cx - 240)} 200 L${f(cx)} 120 L${f(cx)} ${H} L${f(cx - 240)} ${H} Z" fill="${c.shade}"/>`
  for (let i = 0; i < 8; i++) {
    const y = 220 + i * 80
    out += `<path d="M${f(cx)} ${f(y)} L${W} ${f(y - 60)} L${W} ${f(y - 28)} L${f(cx)} ${f(y + 32)} Z" fill="${mix(c.shade, c.skyTop, 0.2)}" opacity="0.55"/>`
  }
  // a stone wall in the foreground
  const top = 640 + r() * 60
  out += rect(0, top, cx - 240, H - top, c.stoneDark)
  for (let y = top, row = 0; y < H; y += 46, row++) {
    out += rect(0, y, cx - 240, 3, mix(c.stoneDark, '#000', 0.15), ' opacity="0.6"')
    for (let x = (row % 2) * 70 + r() * 30; x < cx - 240; x += 120 + r() * 60)
      out += rect(x, y, 3, 46, mix(c.stoneDark, '#000', 0.15), ' opacity="0.6"')
  }
  out += rect(0, top - 16, cx - 220, 16, c.white)
  out += rect(cx + 180 + r() * 120, 360, 160, 300, c.accent, ' opacity="0.85"')
  out += cypress(c, cx - 360, top + 4, 460) + cypress(c, cx - 470, top + 4, 380)
  return r() < 0.5 ? out : `<g transform="translate(${W} 0) scale(-1 1)">${out}</g>`
}

const SCENES: Record<DemoImageKind, (c: Colours, r: () => number) => string> = {
  facade,
  pool,
  interior,
  terrace,
  aerial,
  detail,
}

function svg(width: number, height: number, body: string, viewBox = `0 0 ${W} ${H}`): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`,
  )
}

/** The drawing as a JPEG: by its SVG, so a changed drawing is drawn again (encoded-images.ts). */
const jpegOf = (drawing: Buffer) =>
  encodedOnce(drawing, 'demo jpeg 82', () => sharp(drawing).jpeg({ quality: 82 }).toBuffer())

/** A JPEG (1600x1000) of abstract but attractive architectural art, made from an SVG with sharp. */
export async function renderDemoImage(kind: DemoImageKind, palette: DemoPalette, seed: number): Promise<Buffer> {
  const body = SCENES[kind](colours(palette), random(hashText(kind) ^ Math.imul(seed | 0, 2654435761)))
  return jpegOf(svg(W, H, body))
}

/** A small square JPEG (800x800) for reviews/avatars or amenities. */
export async function renderDemoSquare(palette: DemoPalette, seed: number): Promise<Buffer> {
  const c = colours(palette)
  const r = random(hashText('square') ^ Math.imul(seed | 0, 2654435761))
  // The scene is drawn on a 1000x1000 canvas: a stone wall with an arched or square opening.
  const horizon = 640
  const sunX = 380 + r() * 240
  let body = defs(c, horizon) + rect(0, 0, 1000, 1000, 'url(#sky)')
  const sunY = 420 + r() * 100
  body += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="260" fill="url(#glow)"/><circle cx="${f(sunX)}" cy="${f(sunY)}" r="44" fill="${c.sun}"/>`
  body += rect(0, horizon, 1000, 360, 'url(#sea)')
  for (let i = 0; i < 6; i++)
    body += rect(sunX - 60 + r() * 40, horizon + 12 + i * 22, 80 - i * 6, 2, c.sun, ' opacity="0.45"')
  const arched = r() < 0.6
  const x0 = 250
  const x1 = 750
  const top = 240
  const opening = arched
    ? `M${x0} 860 L${x0} ${top + 250} A250 250 0 0 1 ${x1} ${top + 250} L${x1} 860 Z`
    : `M${x0} 860 L${x0} ${top} L${x1} ${top} L${x1} 860 Z`
  body += `<path d="M0 0 L1000 0 L1000 1000 L0 1000 Z ${opening}" fill="${mix(c.white, c.stone, 0.5)}" fill-rule="evenodd"/>`
  body += rect(x0, 860, x1 - x0, 140, c.stoneDark)
  body += rect(0, 860, 1000, 140, mix(c.stone, c.accent, 0.3), ' opacity="0.7"')
  body += `<path d="M${x0} 860 L${x0} ${arched ? top + 250 : top} L${x0 + 24} ${arched ? top + 260 : top + 24} L${x0 + 24} 860 Z" fill="#000" opacity="0.08"/>`
  body += r() < 0.5 ? cypress(c, x1 + 90, 870, 440) : palm(c, x1 + 80, 870, 520, -0.25)
  const vx = x0 + 80 + r() * 260
  body += `<path d="M${f(vx - 30)} 860 C${f(vx - 70)} 800 ${f(vx - 40)} 760 ${f(vx - 14)} 750 L${f(vx + 14)} 750 C${f(vx + 40)} 760 ${f(vx + 70)} 800 ${f(vx + 30)} 860 Z" fill="${c.accent}"/>`
  return jpegOf(svg(800, 800, body, '0 0 1000 1000'))
}
