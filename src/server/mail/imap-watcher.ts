import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { ImapFlow } from 'imapflow'
import type { Db } from '../db/client.js'
import { appState } from '../db/schema.js'
import { attachMessage, isKnownMessage, matchEnquiry } from './incoming-mail.js'
import { readHeaders, readLargeMessage, readWholeMessage, WHOLE_MESSAGE_MAX } from './mail-reading.js'

/** Where the watcher's state is kept for the dashboard (the attention list reads it). */
export const IMAP_STATE_KEY = 'imap-watcher'

export interface ImapState {
  state: 'up' | 'down'
  error: string | null
  since: string
}

const MATCH_HEADERS = ['message-id', 'in-reply-to', 'references', 'from', 'to', 'cc', 'delivered-to', 'x-original-to']

/** The connection settings of an IMAP_URL (`imap://` or `imaps://user:password@host:port/INBOX`). */
export function imapSettings(url: string) {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'imaps:'
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  }
}

/**
 * Reads the replies that come back to MAIL_FROM (decision 153): every instance watches the
 * mailbox (IDLE while connected, and a look every IMAP_POLL_SECONDS); an unread message that
 * answers an enquiry is attached to it (once across instances: its Message-ID is the claim) and
 * marked read; one that answers nothing stays unread for a person. While the server cannot reach
 * the mailbox the site works as ever and the dashboard says so.
 */
export function createImapWatcher(options: {
  db: Db
  url: string
  mailFrom: string
  log: FastifyBaseLogger
  pollMs: number
  /** A message was attached: the outbox has an owner's notice to send. */
  attached: () => void
}) {
  const { db, log } = options
  const settings = imapSettings(options.url)
  let stopped = true
  let client: ImapFlow | null = null
  let wakeLoop: (() => void) | null = null
  let loop: Promise<void> | null = null
  let lastState: ImapState['state'] | null = null
  // Unread messages that answer nothing: looked at once per process, left for a person.
  const passedOver = new Set<string>()

  async function record(state: ImapState['state'], error: string | null) {
    if (state === lastState && state === 'up') return
    lastState = state
    const value = JSON.stringify({ state, error, since: new Date().toISOString() } satisfies ImapState)
    await db
      .insert(appState)
      .values({ key: IMAP_STATE_KEY, value })
      .onConflictDoUpdate({ target: appState.key, set: { value } })
      .catch((e) => log.warn({ err: e }, 'could not record the mailbox state'))
  }

  async function handle(imap: ImapFlow, uid: number, validity: string) {
    const key = `${validity}:${uid}`
    if (passedOver.has(key)) return
    const head = await imap.fetchOne(String(uid), { uid: true, size: true, headers: MATCH_HEADERS }, { uid: true })
    if (!head || !head.headers) return
    const headers = await readHeaders(head.headers, `${validity}:${uid}:${head.headers.toString('base64')}`)
    if (await isKnownMessage(db, headers.messageId)) {
      await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true })
      return
    }
    const enquiryId = await matchEnquiry(db, headers, options.mailFrom)
    if (!enquiryId) {
      passedOver.add(key)
      return
    }
    let message
    if ((head.size ?? 0) <= WHOLE_MESSAGE_MAX) {
      const whole = await imap.fetchOne(String(uid), { uid: true, source: true }, { uid: true })
      if (!whole || !whole.source) return
      message = await readWholeMessage(whole.source)
    } else {
      const shape = await imap.fetchOne(String(uid), { uid: true, bodyStructure: true, envelope: true }, { uid: true })
      if (!shape || !shape.bodyStructure) return
      message = await readLargeMessage(imap, uid, shape.bodyStructure, shape.envelope?.subject)
    }
    const attached = await attachMessage(db, enquiryId, headers, message)
    await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true })
    if (attached) {
      log.info({ enquiry: enquiryId }, 'reply attached to its enquiry')
      options.attached()
    }
  }

  async function scan(imap: ImapFlow) {
    const lock = await imap.getMailboxLock(settings.mailbox)
    try {
      const validity = String(imap.mailbox && imap.mailbox.uidValidity)
      const unseen = (await imap.search({ seen: false }, { uid: true })) || []
      for (const uid of unseen) {
        if (stopped) return
        try {
          await handle(imap, uid, validity)
        } catch (error) {
          // One message that cannot be read must not stop the others; it is tried again next time.
          if (!imap.usable) throw error
          log.warn({ err: error, uid }, 'could not read a message in the mailbox')
        }
      }
    } finally {
      lock.release()
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wakeLoop = null
        resolve()
      }
      wakeLoop = done
    })

  async function run() {
    let failures = 0
    while (!stopped) {
      try {
        const imap = new ImapFlow({
          ...settings,
          logger: false,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 5 * 60_000,
        })
        client = imap
        imap.on('error', (error: Error) => log.warn({ err: error }, 'mailbox connection error'))
        // New mail while idling: look now rather than at the next poll.
        imap.on('exists', () => wakeLoop?.())
        await imap.connect()
        await imap.mailboxOpen(settings.mailbox)
        await record('up', null)
        failures = 0
        while (!stopped && imap.usable) {
          await scan(imap)
          await pause(options.pollMs)
        }
        await imap.logout().catch(() => {})
      } catch (error) {
        if (stopped) break
        failures++
        const message = (error as Error).message ?? String(error)
        if (lastState !== 'down') log.warn({ err: error }, 'the mailbox for replies (IMAP_URL) cannot be reached')
        await record('down', message.slice(0, 300))
        client?.close()
        await pause(Math.min(options.pollMs * 2 ** Math.min(failures, 6), 5 * 60_000))
      } finally {
        client = null
      }
    }
  }

  return {
    start() {
      stopped = false
      loop = run()
    },
    async stop() {
      stopped = true
      wakeLoop?.()
      client?.close()
      await loop
    },
  }
}

/** The watcher's last recorded state, or null when it never ran. */
export async function imapState(db: Db): Promise<ImapState | null> {
  const [row] = await db.select().from(appState).where(eq(appState.key, IMAP_STATE_KEY))
  if (!row) return null
  try {
    return JSON.parse(row.value) as ImapState
  } catch {
    return null
  }
}

/** Forgets the state (IMAP_URL unset: nothing to warn about). */
export const clearImapState = (db: Db) => db.delete(appState).where(sql`${appState.key} = ${IMAP_STATE_KEY}`)
