/**
 * The names of an image's smaller copies: `/uploads/{id}.jpg` has `/uploads/{id}-960.webp` and,
 * once made, `/uploads/{id}-960.avif`. The server writes them under these names and the pages ask
 * for them by the same rule.
 */
export type VariantFormat = 'webp' | 'avif'

/** A variant's name from the image's name without its extension (the server's image id). */
export const variantOf = (base: string, width: number, format: VariantFormat) => `${base}-${width}.${format}`

/** A variant's path or name from the image's own (`/uploads/{id}.jpg`). */
export const variantName = (name: string, width: number, format: VariantFormat) =>
  variantOf(name.replace(/\.[a-z]+$/, ''), width, format)
