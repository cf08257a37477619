import { tryLock } from 'fs-native-extensions'
import { type FileHandle, mkdir, open, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'

export interface DataDirLock {
  release(): Promise<void>
}

/** Another process (any pid, any container on the same volume) holds the folder. */
export class DataDirInUseError extends Error {}

// A FileHandle that is garbage-collected gets closed, and closing it drops the lock.
const held = new Set<FileHandle>()

/**
 * One server per DATA_DIR: PGlite does not lock its folder and two processes on it corrupt it.
 * The lock is held by the kernel on an open file (an open-file-description lock, see
 * docs/decisions/040-data-dir-lock.md): it ends when the process ends, however it ends, and
 * whatever pid the process had, so neither a crash nor two containers that are both pid 1 can
 * fool it. The file's text (the owner's pid) is only there to be shown in the refusal.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, 'server.lock')
  // A releasing owner removes the file while still holding it; whoever opened it just before
  // that would lock a file that is no longer the lock file, so it checks and tries again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const handle = await open(file, 'a+')
    let locked: boolean
    try {
      locked = tryLock(handle.fd)
    } catch (error) {
      await handle.close()
      throw error
    }
    if (!locked) {
      await handle.close()
      const owner = (await readFile(file, 'utf8').catch(() => '')).trim()
      throw new DataDirInUseError(
        `Another server${owner ? ` (pid ${owner})` : ''} is already using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
      )
    }
    const [onDisk, opened] = await Promise.all([stat(file).catch(() => null), handle.stat()])
    if (!onDisk || onDisk.ino !== opened.ino || onDisk.dev !== opened.dev) {
      await handle.close()
      continue
    }
    await handle.truncate(0)
    await handle.write(String(process.pid), 0)
    held.add(handle)
    let released = false
    return {
      async release() {
        if (released) return
        released = true
        // Removed while still locked (see above), then the lock ends with the close.
        await rm(file, { force: true })
        await handle.close()
        held.delete(handle)
      },
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}
