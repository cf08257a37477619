import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

export type AnswerEncoding = 'br' | 'gzip'

// Up to this size an answer is compressed as hard as a page (page-cache.ts: brotli 10, gzip 9).
const SMALL = 256 * 1024

/**
 * How hard to compress an answer of `length` bytes. Large answers are lists of like records,
 * which compress ~30:1 at any level; measured on the 15 MB list of 1,000 × 10 projects (on a
 * busy 2-core machine): brotli 5 in 0.3 s to 484 KB, where 9 took 1.2 s for 490 KB and 10-11
 * take seconds; gzip 6 in 0.14 s to 682 KB (9: 0.26 s, 640 KB).
 */
const effort = (length: number) => (length <= SMALL ? { br: 10, gzip: 9 } : { br: 5, gzip: 6 })

/** The chunks compressed on the thread pool (zlib streams), never on the event loop. */
export async function compressAnswer(
  chunks: readonly Buffer[],
  length: number,
  encoding: AnswerEncoding,
): Promise<Buffer> {
  const level = effort(length)
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: level.br, [constants.BROTLI_PARAM_SIZE_HINT]: length },
        })
      : createGzip({ level: level.gzip })
  const out: Buffer[] = []
  await pipeline(Readable.from(chunks), compressor, async (compressed: AsyncIterable<Buffer>) => {
    for await (const chunk of compressed) out.push(chunk)
  })
  return Buffer.concat(out)
}
