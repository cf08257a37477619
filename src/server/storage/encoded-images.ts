import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

// Encoded images kept on disk by what made them: the input's bytes, the recipe (format, size,
// quality) and the sharp and libvips versions. The same input through the same recipe gives the
// same bytes, so an encode done once is read back instead of done again. Tests and CI set
// IMAGE_CACHE_DIR: every seeded server there encodes the same demo images (decision 132), and
// a fresh one paid ~17 s of CPU and ~40 s of background AVIF for them. Unset (production): off.
// The setting is process-wide, like sharp's own cache (image-processing.ts).

let folder: string | null = null

/** Turns the cache on (a folder) or off (undefined); buildApp sets it from IMAGE_CACHE_DIR. */
export function keepEncodedImagesIn(dir: string | undefined): void {
  folder = dir ? path.resolve(dir) : null
}

const TOOLS = `sharp ${sharp.versions.sharp ?? ''} vips ${sharp.versions.vips}`

/** `encode()`'s bytes, from the cache when this input went through this recipe before. */
export async function encodedOnce(input: Buffer, recipe: string, encode: () => Promise<Buffer>): Promise<Buffer> {
  if (!folder) return encode()
  const key = createHash('sha256').update(`${TOOLS}\n${recipe}\n`).update(input).digest('hex')
  const file = path.join(folder, key.slice(0, 2), key)
  const kept = await readFile(file).catch(() => null)
  if (kept) return kept
  const made = await encode()
  // Written aside, then renamed: another process reading the same key sees all of it or none.
  const partial = `${file}.${randomUUID()}.part`
  try {
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(partial, made)
    await rename(partial, file)
  } catch {
    // A cache that cannot be written costs time, never a result.
  }
  return made
}
