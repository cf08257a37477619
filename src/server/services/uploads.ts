import { HttpError } from '../errors.js'
import type { ImageService } from '../storage/image-service.js'

/** Files of one request, by form field, as read by the multipart reader. */
export type UploadedFiles = Partial<Record<string, Buffer[]>>

/**
 * Stores every uploaded file of a request and answers their paths by field. If one file is
 * refused, the ones already stored are removed again: a request stores all or nothing.
 */
export async function storeUploads(images: ImageService, files: UploadedFiles): Promise<Record<string, string[]>> {
  const stored: Record<string, string[]> = {}
  const all: string[] = []
  try {
    for (const [field, buffers] of Object.entries(files)) {
      for (const buffer of buffers ?? []) {
        const path = await images.ingest(buffer).catch((error: unknown) => {
          // Say which field held the refused file.
          if (error instanceof HttpError && !error.field) throw new HttpError(error.statusCode, error.message, field)
          throw error
        })
        all.push(path)
        ;(stored[field] ??= []).push(path)
      }
    }
  } catch (error) {
    await images.discard(all)
    throw error
  }
  return stored
}

/** Runs `write` with the request's stored uploads; removes them again if `write` fails. */
export async function withUploads<T>(
  images: ImageService,
  files: UploadedFiles,
  write: (stored: Record<string, string[]>) => Promise<T>,
): Promise<T> {
  const stored = await storeUploads(images, files)
  try {
    return await write(stored)
  } catch (error) {
    await images.discard(Object.values(stored).flat())
    throw error
  }
}
