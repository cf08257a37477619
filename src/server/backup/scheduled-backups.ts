import { and, eq, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { appState } from '../db/schema.js'
import { type BackupSource, writeBackup, writeBackupFile } from './backup.js'

const LAST_RUN_KEY = 'last_scheduled_backup'
const NAME = /^backup-\d{8}-\d{6}\.tar$/
/** A partial file this old is left from a backup that died (the writer renames it when done). */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000

export interface ScheduleOptions extends BackupSource {
  dir: string
  intervalMs: number
  keep: number
  log: FastifyBaseLogger
}

const fileName = (date: Date) =>
  `backup-${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, '')}.tar`

/**
 * BACKUP_DIR: a backup every interval, keeping the newest `keep`. Every instance looks, and the
 * one whose conditional UPDATE of the last-run time succeeds takes the turn, so several instances
 * on one database make one backup per interval.
 */
export function scheduleBackups(options: ScheduleOptions): { stop(): Promise<void> } {
  const { database, dir, intervalMs, keep, log } = options
  const { db } = database
  let running: Promise<void> | undefined
  let stopped = false

  async function claimTurn(): Promise<boolean> {
    await db.insert(appState).values({ key: LAST_RUN_KEY, value: '' }).onConflictDoNothing()
    const claimed = await db
      .update(appState)
      .set({ value: sql`now()::text` })
      .where(
        and(
          eq(appState.key, LAST_RUN_KEY),
          or(
            eq(appState.value, ''),
            sql`${appState.value}::timestamptz <= now() - ${intervalMs} * interval '1 millisecond'`,
          ),
        ),
      )
      .returning()
    return claimed.length > 0
  }

  async function prune() {
    const names = await readdir(dir)
    const backups = names.filter((name) => NAME.test(name)).sort()
    for (const name of backups.slice(0, Math.max(0, backups.length - keep))) await rm(path.join(dir, name))
    for (const name of names.filter((n) => n.startsWith('.backup-') && n.includes('.partial-'))) {
      const info = await stat(path.join(dir, name)).catch(() => null)
      if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) await rm(path.join(dir, name), { force: true })
    }
  }

  async function runIfDue() {
    if (stopped || !(await claimTurn())) return
    await mkdir(dir, { recursive: true })
    const file = path.join(dir, fileName(new Date()))
    const started = Date.now()
    await writeBackupFile(file, (out) => writeBackup(options, out))
    const ms = Date.now() - started
    // Logged once the old ones are pruned: the line means the folder is as it will stay.
    await prune()
    log.info({ file, ms }, 'scheduled backup written')
  }

  const tick = () => {
    if (running || stopped) return
    running = runIfDue()
      .catch((error) => log.error(error, 'scheduled backup failed'))
      .finally(() => (running = undefined))
  }
  // Looks often enough to keep to the interval, never more than once a minute for long ones.
  const timer = setInterval(tick, Math.min(intervalMs / 4, 60_000))
  timer.unref()
  tick()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
