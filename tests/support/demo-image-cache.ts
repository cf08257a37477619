import { demoProjects, demoReviews } from '../../src/server/seed/demo-content.js'
import { demoProjectImages, demoReviewImage } from '../../src/server/seed/demo-image-set.js'
import { parseEnv } from '../../src/server/env.js'
import { keepEncodedImagesIn } from '../../src/server/storage/encoded-images.js'
import { prepareImage, resizeTo, variantWidthsFor } from '../../src/server/storage/image-processing.js'

// Every seeded server of a run (process tests, the end-to-end server) uploads the same demo images
// and encodes the same masters, WebP and AVIF variants. They are encoded here once, before the
// run, into the folder every server of the run reads (IMAGE_CACHE_DIR, decision 132); a seed then
// reads them back instead of spending ~17 s of CPU and ~40 s of AVIF on them.

/** Encodes what the demo seed's uploads make (or finds it already there); answers the count. */
export async function encodeDemoImages(dir: string): Promise<number> {
  keepEncodedImagesIn(dir)
  // The recipe names the upload limit: the servers' default, as the seeded servers run.
  const { UPLOAD_MAX_PIXELS } = parseEnv({})
  const uploads: Buffer[] = []
  for (const [index, demo] of demoProjects.entries()) {
    const drawn = await demoProjectImages(demo, index)
    uploads.push(...drawn.amenities, drawn.featured, drawn.banner, ...drawn.gallery)
  }
  for (const index of demoReviews.keys()) uploads.push(await demoReviewImage(index))
  for (const upload of uploads) {
    const { master, width } = await prepareImage(upload, UPLOAD_MAX_PIXELS)
    for (const format of ['webp', 'avif'] as const)
      await Promise.all(variantWidthsFor(width).map((w) => resizeTo(master, w, format)))
  }
  return uploads.length
}
