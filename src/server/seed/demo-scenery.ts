// The parts demo art is drawn from: a seeded random source, the palette's colours, and SVG
// pieces of Costa del Sol scenery (sky, hills, sea, palms, cypresses, a white villa).
import type { DemoPalette } from './demo-content.js'
export const W = 1600
export const H = 1000

/** A small deterministic PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function hashText(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

export function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '')
  if (h.length === 3) h = [...h].map((c) => c + c).join('')
  const n = Number.parseInt(h.slice(0, 6), 16)
  return Number.isNaN(n) ? [128, 128, 128] : [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Mixes two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a)
  const y = rgb(b)
  const c = x.map((v, i) => Math.round(v + ((y[i] ?? v) - v) * t))
  return `#${c.map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0')).join('')}`
}

export const f = (n: number) => Math.round(n * 10) / 10
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`

export interface Colours {
  skyTop: string
  skyLow: string
  sun: string
  haze: string
  sea: string
  seaDeep: string
  pool: string
  poolDeep: string
  white: string
  shade: string
  glass: string
  stone: string
  stoneDark: string
  green: string
  greenDark: string
  accent: string
}

export function colours(p: DemoPalette): Colours {
  const [skyTop, skyLow] = p.sky
  return {
    skyTop,
    skyLow,
    sun: mix(skyLow, '#fff8ea', 0.7),
    haze: mix(mix(skyTop, skyLow, 0.55), '#6f7a80', 0.25),
    sea: mix(p.sea, skyLow, 0.3),
    seaDeep: mix(p.sea, '#1c2a33', 0.25),
    pool: mix(p.sea, '#9fe0e0', 0.55),
    poolDeep: mix(p.sea, '#2a8a9a', 0.45),
    white: mix('#fbf9f5', p.stone, 0.25),
    shade: mix(mix('#d9d6d0', p.stone, 0.4), skyTop, 0.15),
    glass: mix('#1f2a33', p.sea, 0.18),
    stone: p.stone,
    stoneDark: mix(p.stone, p.accent, 0.35),
    green: mix('#56603f', p.accent, 0.15),
    greenDark: mix('#2f3a2a', p.sea, 0.1),
    accent: p.accent,
  }
}

export function defs(c: Colours, horizon: number): string {
  const h = f((horizon / H) * 100)
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.skyTop}"/><stop offset="${h}%" stop-color="${c.skyLow}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${c.sun}" stop-opacity="0.85"/><stop offset="0.25" stop-color="${c.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${c.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sea}"/><stop offset="1" stop-color="${c.seaDeep}"/></linearGradient>
<linearGradient id="pool" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.pool}"/><stop offset="1" stop-color="${c.poolDeep}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(c.glass, c.skyTop, 0.35)}"/><stop offset="0.45" stop-color="${c.glass}"/><stop offset="1" stop-color="${mix(c.glass, '#000', 0.3)}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.stone, c.green, 0.35)}"/><stop offset="1" stop-color="${mix(c.stoneDark, c.greenDark, 0.3)}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>`
}

export function sky(c: Colours, sunX: number, sunY: number, sunR: number): string {
  return (
    rect(0, 0, W, H, 'url(#sky)') +
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 6)}" fill="url(#glow)"/>` +
    `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${c.sun}"/>`
  )
}

/** Soft, hazy mountain ridges between the sky and the sea. */
export function hills(c: Colours, r: () => number, horizon: number, x0: number, x1: number): string {
  let out = ''
  for (let layer = 0; layer < 2; layer++) {
    const peak = 70 + r() * 90 - layer * 35
    let d = `M${f(x0)} ${f(horizon)}`
    const steps = 6
    for (let i = 0; i <= steps; i++) {
      const x = x0 + ((x1 - x0) * i) / steps
      const rise = Math.sin((i / steps) * Math.PI) * peak * (0.6 + r() * 0.4)
      d += ` Q${f(x - (x1 - x0) / steps / 2)} ${f(horizon - rise - 10)} ${f(x)} ${f(horizon - rise)}`
    }
    d += ` L${f(x1)} ${f(horizon)} Z`
    out += `<path d="${d}" fill="${mix(c.haze, c.skyLow, layer * 0.25)}" opacity="${0.55 + layer * 0.25}"/>`
  }
  return out
}

export function sea(c: Colours, r: () => number, top: number, bottom: number, sunX: number): string {
  let out = rect(0, top, W, bottom - top, 'url(#sea)')
  for (let i = 0; i < 9; i++) {
    const y = top + 6 + (bottom - top - 10) * (i / 9) * (0.6 + r() * 0.4)
    const w = 40 + r() * 160 * (1 - i / 14)
    out += rect(sunX - w / 2 + (r() - 0.5) * 60, y, w, 2, c.sun, ' opacity="0.45"')
  }
  return out
}

export function palm(c: Colours, x: number, base: number, h: number, lean: number): string {
  const topX = x + lean * h * 0.35
  const topY = base - h
  let out = `<path d="M${f(x)} ${f(base)} Q${f(x + lean * h * 0.05)} ${f(base - h * 0.5)} ${f(topX)} ${f(topY)}" stroke="${c.greenDark}" stroke-width="${f(h * 0.028)}" fill="none" stroke-linecap="round"/>`
  const fronds = 10
  const w = h * 0.03
  for (let i = 0; i < fronds; i++) {
    // Fan from just below the left horizontal to just below the right one; the sideways ones droop most.
    const a = Math.PI * (1.12 - (1.24 * i) / (fronds - 1))
    const len = h * (0.3 + 0.05 * Math.sin(i * 2.3))
    const ex = topX + Math.cos(a) * len
    const ey = topY - Math.sin(a) * len * 0.45 + len * 0.32 * Math.abs(Math.cos(a))
    const mx = topX + Math.cos(a) * len * 0.5
    const my = topY - Math.sin(a) * len * 0.5 - len * 0.12
    const fill = i % 2 ? c.green : mix(c.green, c.greenDark, 0.4)
    out += `<path d="M${f(topX)} ${f(topY)} Q${f(mx)} ${f(my - w)} ${f(ex)} ${f(ey)} Q${f(mx)} ${f(my + w)} ${f(topX)} ${f(topY)} Z" fill="${fill}"/>`
  }
  return out
}

export function cypress(c: Colours, x: number, base: number, h: number): string {
  const w = h * 0.13
  return `<path d="M${f(x)} ${f(base - h)} C${f(x + w * 0.9)} ${f(base - h * 0.7)} ${f(x + w)} ${f(base - h * 0.2)} ${f(x + w * 0.35)} ${f(base)} L${f(x - w * 0.35)} ${f(base)} C${f(x - w)} ${f(base - h * 0.2)} ${f(x - w * 0.9)} ${f(base - h * 0.7)} ${f(x)} ${f(base - h)} Z" fill="${c.greenDark}"/>`
}

/** A modern flat-roofed villa: a long ground floor, an offset upper volume, glass and a stone wall. */
export function villa(c: Colours, r: () => number, cx: number, base: number, s: number): string {
  const w1 = (520 + r() * 160) * s
  const h1 = 120 * s
  const w2 = w1 * (0.5 + r() * 0.25)
  const h2 = 110 * s
  const x1 = cx - w1 / 2
  const x2 = r() < 0.5 ? x1 - w1 * 0.08 : x1 + w1 - w2 + w1 * 0.08
  const slab = 12 * s
  const over = 26 * s
  const y1 = base - h1
  const y2 = y1 - slab - h2
  let out = rect(x1 - 40 * s, base, w1 + 80 * s, 14 * s, c.shade)
  // ground floor: stone wall on one side, glass for the rest
  const wallW = w1 * (0.18 + r() * 0.12)
  const wallLeft = r() < 0.5
  out += rect(x1, y1, w1, h1, c.white)
  out += rect(wallLeft ? x1 : x1 + w1 - wallW, y1, wallW, h1, c.stoneDark)
  for (let y = y1 + 14 * s; y < base; y += 16 * s) {
    out += rect(wallLeft ? x1 : x1 + w1 - wallW, y, wallW, 1.2 * s, mix(c.stoneDark, '#000', 0.12), ' opacity="0.5"')
  }
  const gx = wallLeft ? x1 + wallW + 24 * s : x1 + 24 * s
  const gw = w1 - wallW - 48 * s
  out += rect(gx, y1 + 18 * s, gw, h1 - 18 * s, 'url(#glass)')
  for (let i = 1; i < 5; i++) out += rect(gx + (gw * i) / 5, y1 + 18 * s, 2 * s, h1 - 18 * s, c.shade, ' opacity="0.5"')
  out += rect(x1 - over, y1 - slab, w1 + over * 2, slab, c.white)
  out += rect(x1, y1, w1, 16 * s, 'url(#fade)')
  // upper floor
  out += rect(x2, y2, w2, h2, c.white)
  const uw = w2 * (0.55 + r() * 0.2)
  const ux = x2 + (r() < 0.5 ? 20 * s : w2 - uw - 20 * s)
  out += rect(ux, y2 + 20 * s, uw, h2 - 34 * s, 'url(#glass)')
  for (let i = 1; i < 3; i++) out += rect(ux + (uw * i) / 3, y2 + 20 * s, 2 * s, h2 - 34 * s, c.shade, ' opacity="0.5"')
  out += rect(x2 - over, y2 - slab, w2 + over * 2, slab, c.white)
  out += rect(x2, y2, w2, 14 * s, 'url(#fade)')
  out += rect(x2, y2 + h2 - 3 * s, w2, 3 * s, c.shade, ' opacity="0.6"')
  return out
}
