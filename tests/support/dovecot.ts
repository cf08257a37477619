import { type ChildProcess, spawn } from 'node:child_process'
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ImapFlow } from 'imapflow'
import { freePort } from './free-port.js'
import { until } from './wait-for.js'

export interface Dovecot {
  port: number
  /** IMAP_URL for the app: imap://user:password@127.0.0.1:port/INBOX */
  url: string
  /** Delivers a raw message into the mailbox (IMAP APPEND), unread. */
  append(raw: string | Buffer): Promise<number>
  /** UIDs of unread messages. */
  unseen(): Promise<number[]>
  stop(): Promise<void>
}

const USER = 'replies'
const PASSWORD = 'mailbox-secret-1'

const NOBODY_UID = 65534

/**
 * A real Dovecot (Debian's dovecot-imapd) on 127.0.0.1 with its own configuration and Maildir in
 * a temp folder (../shared/NOTES.md), started in the foreground and stopped by its pid.
 */
export async function startDovecot(options: { port?: number } = {}): Promise<Dovecot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dovecot-'))
  await chmod(dir, 0o755)
  const port = options.port ?? (await freePort())
  const mail = path.join(dir, 'mail')
  await mkdir(mail)
  await mkdir(path.join(dir, 'run'))
  await mkdir(path.join(dir, 'state'))
  await chown(mail, NOBODY_UID, NOBODY_UID).catch(() => {})
  await writeFile(path.join(dir, 'passwd'), `${USER}:{PLAIN}${PASSWORD}\n`)
  const conf = path.join(dir, 'dovecot.conf')
  await writeFile(
    conf,
    `listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
protocols = imap
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
default_internal_user = dovecot
default_login_user = dovenull
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:${mail}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  )
  const child: ChildProcess = spawn('dovecot', ['-F', '-c', conf], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await until(
    'Dovecot to listen',
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      }),
  )
  return {
    ...dovecotMailbox(port),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** The test mailbox of a Dovecot started by startDovecot on `port`: its IMAP_URL, APPEND and unread list. */
export function dovecotMailbox(port: number): Omit<Dovecot, 'stop'> {
  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
    })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.logout().catch(() => client.close())
    }
  }
  return {
    port,
    url: `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    append: (raw) =>
      withClient(async (client) => {
        const done = await client.append('INBOX', raw)
        if (!done) throw new Error('APPEND failed')
        return done.uid ?? 0
      }),
    unseen: () =>
      withClient(async (client) => {
        const lock = await client.getMailboxLock('INBOX')
        try {
          return ((await client.search({ seen: false }, { uid: true })) || []) as number[]
        } finally {
          lock.release()
        }
      }),
  }
}
