import type { Readable } from 'node:stream'

/** Where image bytes live. Keys are server-made file names (see image-key.ts), never user input. */
export interface ImageStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>
  delete(keys: string[]): Promise<void>
  /** Throws when the store cannot be written to (used by /healthz). */
  checkWritable(): Promise<void>
}
