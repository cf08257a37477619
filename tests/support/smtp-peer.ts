import { type ParsedMail, simpleParser } from 'mailparser'
import type net from 'node:net'
import { until } from './wait-for.js'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  parsed: ParsedMail
  raw: string
  envelopeTo: string[]
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts (`delayMs` before saying so). */
export async function startSmtp(port = 0, options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              parsed,
              raw: raw.toString('utf8'),
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            })
            // A slow peer: it has the message, and says so only later.
            setTimeout(callback, options.delayMs ?? 0)
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port: (smtp.server.address() as net.AddressInfo).port,
    received,
    nextMail: (timeoutMs = 10_000) => until('a mail to arrive', async () => received[0], timeoutMs),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
