// After `react-router build`: write brotli (quality 11) and gzip (level 9) copies of every text
// asset of the client build, so the server sends them as they are (@fastify/static preCompressed)
// instead of compressing each request at a lower setting.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const CLIENT_DIR = fileURLToPath(new URL('../build/client/', import.meta.url))
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/
const MIN_BYTES = 1024

const files = (await readdir(CLIENT_DIR, { recursive: true })).filter((name) => COMPRESSIBLE.test(name))
let compressed = 0
let before = 0
let after = 0
for (const name of files) {
  const file = path.join(CLIENT_DIR, name)
  const body = await readFile(file)
  if (body.length < MIN_BYTES) continue
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  await writeFile(`${file}.br`, br)
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
  compressed++
  before += body.length
  after += br.length
}
console.log(
  `precompressed ${compressed} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`,
)
