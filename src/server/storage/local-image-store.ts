import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { ImageStore } from './image-store.js'
import { isImageKey } from './image-key.js'

/** Images as files under one folder (DATA_DIR/uploads by default). */
export function createLocalImageStore(root: string): ImageStore {
  const fileOf = (key: string) => {
    // Keys are server-made; this guard makes "nothing outside the root" hold even for a bug upstream.
    if (!isImageKey(key)) throw new Error(`Refusing image key ${JSON.stringify(key)}`)
    return path.join(root, key)
  }
  const tmpDir = path.join(root, '.tmp')
  let ready: Promise<unknown> | undefined
  const ensureDirs = () => (ready ??= mkdir(tmpDir, { recursive: true }))

  return {
    async put(key, body) {
      await ensureDirs()
      // Write aside, then rename: a crash never leaves a half-written image under its real name.
      const tmp = path.join(tmpDir, `${key}.${randomBytes(4).toString('hex')}`)
      try {
        await writeFile(tmp, body)
        await rename(tmp, fileOf(key))
      } catch (error) {
        await rm(tmp, { force: true })
        throw error
      }
    },
    async get(key) {
      if (!isImageKey(key)) return null
      try {
        const info = await stat(fileOf(key))
        return { body: createReadStream(fileOf(key)), size: info.size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
    },
    async checkWritable() {
      await ensureDirs()
      const probe = path.join(tmpDir, `probe-${randomBytes(4).toString('hex')}`)
      await writeFile(probe, 'ok')
      await rm(probe, { force: true })
    },
  }
}
