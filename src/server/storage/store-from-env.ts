import type { Env } from '../env.js'
import type { ImageStore } from './image-store.js'
import { createLocalImageStore } from './local-image-store.js'
import { createS3ImageStore } from './s3-image-store.js'

/** The S3 bucket when S3_BUCKET is set, else the UPLOADS_DIR folder. */
export function imageStoreFromEnv(env: Env): ImageStore {
  if (env.S3_BUCKET) {
    return createS3ImageStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    })
  }
  return createLocalImageStore(env.UPLOADS_DIR)
}
