import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { Readable } from 'node:stream'
import type { ImageStore } from './image-store.js'
import { isImageKey } from './image-key.js'

export interface S3Settings {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
}

/** Images in any S3-compatible bucket. */
export function createS3ImageStore(settings: S3Settings): ImageStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Path-style addressing works with every S3-compatible server, not only AWS.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // NOTES: without these, some S3-compatible servers store the checksum framing in the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  const guard = (key: string) => {
    if (!isImageKey(key)) throw new Error(`Refusing image key ${JSON.stringify(key)}`)
    return key
  }

  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: guard(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      if (!isImageKey(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 }
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async delete(keys) {
      if (keys.length === 0) return
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.map((key) => ({ Key: guard(key) })), Quiet: true },
        }),
      )
    },
    async checkWritable() {
      await client.send(new HeadBucketCommand({ Bucket }))
    },
  }
}
