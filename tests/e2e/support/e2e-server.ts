// Starts a real SMTP peer and the built server (demo content, fresh data folder) for Playwright.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import {
  E2E_ADMIN,
  E2E_WHATSAPP_NUMBER,
  E2E_DATA_DIR,
  E2E_IMAP_PORT_FILE,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_REFUSED_MAIL_DOMAIN,
  E2E_SMTP_PORT,
} from './e2e-env.js'
import { startApertium } from '../../support/apertium.js'
import { startDovecot } from '../../support/dovecot.js'

rmSync(E2E_DATA_DIR, { recursive: true, force: true })
rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
mkdirSync(E2E_MAIL_DIR, { recursive: true })

let received = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // As a relay refuses a mistyped address: the outbox's try fails, and is retried.
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith(`@${E2E_REFUSED_MAIL_DOMAIN}`)) {
      const refused = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
      return callback(refused)
    }
    callback()
  },
  onData(stream, _session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      writeFileSync(path.join(E2E_MAIL_DIR, `${String(++received).padStart(4, '0')}.eml`), Buffer.concat(chunks))
      callback()
    })
  },
})
smtp.listen(E2E_SMTP_PORT, '127.0.0.1')

// Issue 40: the machine provider, a real Apertium APy (English <-> Spanish) on loopback.
const apy = await startApertium()
// Issue 42: the mailbox of MAIL_FROM, where visitors' replies come back (a real Dovecot).
const dovecot = await startDovecot()
writeFileSync(E2E_IMAP_PORT_FILE, String(dovecot.port))

const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    CONTACT_TO: 'office@villas.test',
    // Issue 11: the WhatsApp button shows on the contact and project pages.
    WHATSAPP_NUMBER: E2E_WHATSAPP_NUMBER,
    APERTIUM_URL: apy.url,
    IMAP_URL: dovecot.url,
    IMAP_POLL_SECONDS: '1',
    LOG_LEVEL: 'warn',
    // Every suite signs in and sends enquiries from 127.0.0.1.
    LOGIN_PER_IP_PER_MINUTE: '1000',
    ENQUIRIES_PER_IP_PER_15_MIN: '1000',
  },
})
const stop = () => {
  server.kill('SIGTERM')
  smtp.close()
  apy.stop()
  void dovecot.stop()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', async (code) => {
  apy.stop()
  await dovecot.stop()
  process.exit(code ?? 0)
})
