import type { FastifyBaseLogger } from 'fastify'
import { chmod, rm } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type BackupSource, writeBackup } from './backup.js'

/**
 * The embedded database is open in the running server and nowhere else (the data folder lock),
 * so `npm run backup` asks that server for the backup through a Unix socket in DATA_DIR. Only
 * who may use the data folder may use the socket (mode 0600), and it is not on the network.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock')

export async function serveBackups(
  dataDir: string,
  source: BackupSource,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir)
  // A socket file left by a server that died; this process holds the data folder now.
  await rm(socketPath, { force: true })
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/x-tar' })
    writeBackup(source, response).then(
      (manifest) => log.info({ tables: manifest.tables.length, images: manifest.images }, 'backup sent'),
      (error: Error) => {
        log.error(error, 'backup failed')
        response.destroy(error)
      },
    )
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => resolve())
    })
    await chmod(socketPath, 0o600)
  } catch (error) {
    // E.g. a DATA_DIR path past the ~100 bytes a socket path may have: the site still serves.
    log.warn({ err: error, socketPath }, 'no backup socket; npm run backup works only while the server is stopped')
    return { close: async () => {} }
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The client side: streams the running server's backup into `out`. */
export async function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request({ socketPath: backupSocketPath(dataDir), path: '/backup', method: 'POST' }, resolve)
    request.on('error', (error) =>
      reject(new Error(`Could not reach the running server's backup socket: ${error.message}`, { cause: error })),
    )
    request.end()
  })
  if (response.statusCode !== 200) throw new Error(`The running server refused the backup (${response.statusCode})`)
  await pipeline(response, out)
}
