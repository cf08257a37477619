import { type DemoProject, demoProjects } from './demo-content.js'
import { type DemoImageKind, renderDemoImage, renderDemoSquare } from './demo-images.js'

// Which picture the demo seed draws for which place: the seed uploads them, and the tests' image
// cache (tests/support/demo-image-cache.ts) encodes the same list before a run.

const GALLERY_KINDS: DemoImageKind[] = ['pool', 'interior', 'terrace', 'detail']

export interface DemoProjectImages {
  featured: Buffer
  banner: Buffer
  gallery: Buffer[]
  /** One per amenity of the English text, in order. */
  amenities: Buffer[]
}

/** The pictures of the demo's `index`th project. */
export async function demoProjectImages(demo: DemoProject, index: number): Promise<DemoProjectImages> {
  const seed = index * 10
  return {
    featured: await renderDemoImage('facade', demo.palette, seed),
    banner: await renderDemoImage('aerial', demo.palette, seed + 1),
    gallery: await Promise.all(GALLERY_KINDS.map((kind, i) => renderDemoImage(kind, demo.palette, seed + 2 + i))),
    amenities: await Promise.all(demo.en.amenities.map((_, i) => renderDemoSquare(demo.palette, seed + i))),
  }
}

/** The picture of the demo's `index`th review. */
export const demoReviewImage = (index: number) =>
  renderDemoSquare(demoProjects[index % demoProjects.length]!.palette, 100 + index)
