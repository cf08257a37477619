import path from 'node:path'

/**
 * Where a test run keeps encoded images (IMAGE_CACHE_DIR, decision 132): under
 * node_modules/.cache, so a fresh install (CI's `npm ci`) starts it empty.
 */
export const IMAGE_CACHE_DIR = path.resolve('node_modules/.cache/villa-encoded-images')
