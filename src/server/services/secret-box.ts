import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Encrypts the few secrets the database must keep readable (two-factor secrets) with AES-256-GCM,
 * under a key that lives outside the database (decision 032): ENCRYPTION_KEY, or a key file the
 * server makes in DATA_DIR. A database dump or a leaked row then reveals no secret.
 */
export interface SecretBox {
  seal(plain: string): string
  /** Throws SecretKeyMismatch when the value was sealed under another key. */
  open(sealed: string): string
}

export class SecretKeyMismatch extends Error {
  constructor() {
    super('This secret was encrypted with another key (ENCRYPTION_KEY or DATA_DIR/secret.key changed)')
    this.name = 'SecretKeyMismatch'
  }
}

const VERSION = 'v1'
export const KEY_FILE = 'secret.key'

export function createSecretBox(material: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'admin secrets v1', 32))
  // Names the key without revealing it, so a value sealed under another key is recognised.
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8)
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, keyId, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, id, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret')
      if (id !== keyId) throw new SecretKeyMismatch()
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

/** ENCRYPTION_KEY when set; otherwise DATA_DIR/secret.key, made (readable by its owner only) on first start. */
export async function loadSecretBox(options: { encryptionKey?: string; dataDir: string }): Promise<SecretBox> {
  if (options.encryptionKey) return createSecretBox(Buffer.from(options.encryptionKey, 'utf8'))
  const file = path.join(options.dataDir, KEY_FILE)
  await mkdir(options.dataDir, { recursive: true })
  // Written aside, then linked into place (which fails if the file exists): processes starting
  // together (WORKERS) never read a key file that another is still writing.
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    await writeFile(aside, randomBytes(32).toString('base64url'), { mode: 0o600 })
    await link(aside, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(aside, { force: true })
  }
  const material = (await readFile(file, 'utf8')).trim()
  if (material.length < 32)
    throw new Error(`The key file ${file} is damaged: delete it only if no two-factor sign-in is on`)
  return createSecretBox(Buffer.from(material, 'utf8'))
}
