// An experiment's preload (docs/performance.md, "a thread of its own"): starts bench's bare
// node:http server in a worker thread of the process it is loaded into, so bare node can be
// measured inside the running server (its own V8 isolate, the same process, cores and memory).
// Usage: PROBE_HTML=<body> PROBE_HEADERS=<curl -D dump> PROBE_PORT=<port> \
//   node --import ./bench/worker-probe.mjs dist/server/main.js
import { isMainThread, Worker } from 'node:worker_threads'

const { PROBE_HTML, PROBE_HEADERS, PROBE_PORT } = process.env
// The server's own worker threads load this preload too.
if (PROBE_HTML && PROBE_HEADERS && PROBE_PORT && isMainThread) {
  new Worker(new URL('./bare-node-server.mjs', import.meta.url), {
    execArgv: [],
    argv: [PROBE_HTML, PROBE_HEADERS, PROBE_PORT],
  })
}
