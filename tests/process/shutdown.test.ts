import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_ENV, cleanUpProcesses, startServer, tempDataDir, withTimeout } from './child-server.js'

afterAll(cleanUpProcesses, 60_000)

/** Starts a multipart upload that sends its first bytes and then nothing more. */
function stalledUpload(url: string, token: string) {
  const boundary = 'stalled-upload-boundary'
  const request = http.request(`${url}/api/admin/upload-image`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': 5_000_000,
    },
  })
  const outcome = new Promise<string>((resolve) => {
    request.on('response', (res) => resolve(`answered ${res.statusCode}`))
    request.on('error', (error) => resolve(`connection ended (${(error as NodeJS.ErrnoException).code})`))
  })
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )
  request.write(Buffer.alloc(64 * 1024, 1))
  return { request, outcome }
}

describe('SIGTERM with a request that never finishes', () => {
  it('ends the connection after the grace, closes the database, releases the folder and exits 0', async () => {
    const dataDir = await tempDataDir()
    const server = await startServer(
      { dataDir, env: { ...ADMIN_ENV, SEED_DEMO: 'false', SHUTDOWN_GRACE_SECONDS: '1' } },
      60_000,
    )
    const token = await server.login()
    const upload = stalledUpload(server.url, token)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    server.child.kill('SIGTERM')
    const exit = await withTimeout(server.exited, 15_000, 'exit after SIGTERM')
    expect(exit).toEqual({ code: 0, signal: null })
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(await upload.outcome).toMatch(/connection ended|answered 5\d\d/)
    expect(server.output()).toMatch(/ending their connections/)
    expect(server.output()).toMatch(/database closed, data folder released/)
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

    // The folder opens again at once, without recovery work left by an unclean stop.
    const again = await startServer({ dataDir, env: { ...ADMIN_ENV, SEED_DEMO: 'false' } }, 30_000)
    expect((await again.call('GET', '/api/admin/get-languages')).status).toBe(200)
    expect(await again.stop()).toEqual({ code: 0, signal: null })
  }, 90_000)
})
