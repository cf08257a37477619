import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/**
 * A GET (or HEAD) over node:http with the path sent exactly as written (fetch would resolve dot
 * segments) and the body as it arrived (fetch would decode a compressed one).
 */
export function rawGet(origin: string, urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  const { hostname, port } = new URL(origin)
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request({ hostname, port, path: urlPath, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject).end()
  })
}
