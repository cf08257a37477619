// The ceiling for any Node server: bare node:http answering every request with the same bytes
// and headers the site's page cache sends. Used by page-cache.sh to put the server's numbers in
// context. Usage: node bench/bare-node-server.mjs <body file> <header dump from curl -D> <port>
import { readFileSync } from 'node:fs'
import http from 'node:http'

const [bodyFile, headerFile, port] = process.argv.slice(2)
const body = readFileSync(bodyFile)
const headers = {}
for (const line of readFileSync(headerFile, 'utf8').split('\r\n').slice(1)) {
  const colon = line.indexOf(':')
  const name = line.slice(0, colon).toLowerCase()
  // Node writes these itself.
  if (colon > 0 && !['date', 'connection', 'keep-alive'].includes(name)) headers[name] = line.slice(colon + 1).trim()
}
http
  .createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(body)
  })
  .listen(Number(port), '127.0.0.1')
