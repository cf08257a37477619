import type { Page } from '@playwright/test'
import sharp from 'sharp'

/** WCAG's relative luminance of one sRGB pixel. */
function luminance(r: number, g: number, b: number): number {
  const linear = (c: number) => {
    const v = c / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * The contrast of white text in `selector` against the brightest pixel behind it, per element:
 * the elements' boxes are measured, the header is hidden, and the page under it is photographed.
 * axe cannot judge text over a photograph (it reports it as "incomplete"); this can, for the
 * photograph and screen size at hand.
 */
export async function whiteTextContrastOverImage(page: Page, selector: string): Promise<number[]> {
  const boxes = await page.locator(selector).evaluateAll((elements) =>
    elements
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map((rect) => ({
        x: Math.floor(rect.x),
        y: Math.floor(rect.y),
        w: Math.ceil(rect.width),
        h: Math.ceil(rect.height),
      })),
  )
  const style = await page.addStyleTag({ content: '.site-header { visibility: hidden !important }' })
  const viewport = page.viewportSize()!
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: viewport.width, height: 160 }, scale: 'css' })
  await style.evaluate((element) => (element as HTMLElement).remove())
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  return boxes.map((box) => {
    let brightest = 0
    for (let y = box.y; y < Math.min(box.y + box.h, info.height); y++)
      for (let x = box.x; x < Math.min(box.x + box.w, info.width); x++) {
        const i = (y * info.width + x) * info.channels
        brightest = Math.max(brightest, luminance(data[i]!, data[i + 1]!, data[i + 2]!))
      }
    return Math.round((1.05 / (brightest + 0.05)) * 100) / 100
  })
}
