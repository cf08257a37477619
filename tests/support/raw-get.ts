import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface RawRequest {
  method?: string
  headers?: Record<string, string>
  body?: Buffer | string
}

/**
 * A request over node:http with the path sent exactly as written (fetch would resolve dot
 * segments), any Host header, and the body as it arrived (fetch would decode a compressed one).
 */
export function rawRequest(origin: string, urlPath: string, options: RawRequest = {}) {
  const { hostname, port } = new URL(origin)
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(
      { hostname, port, path: urlPath, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      },
    )
    // A server that answers before the whole body is sent may close the connection under us.
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A GET (or HEAD) over node:http; see rawRequest. */
export function rawGet(origin: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return rawRequest(origin, urlPath, { method, headers })
}
