import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * One server per DATA_DIR: PGlite does not lock its folder and two processes on it corrupt it
 * (NOTES). The lock file holds the owner's pid; a file whose process is gone is stale (a crash,
 * a SIGKILL) and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  await mkdir(dataDir, { recursive: true })
  const file = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' })
      return { release: () => rm(file, { force: true }) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim())
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `Another server (pid ${owner}) is already using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
      )
    }
    await rm(file, { force: true })
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
