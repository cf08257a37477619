import { z } from 'zod'

// Zod probes whether `new Function` works (its faster object parser) the first time it parses
// an object. Under the site's Content-Security-Policy (no 'unsafe-eval') the probe fails quietly,
// but the browser still reports a CSP violation (Lighthouse's best-practices audit counts it).
// Jitless skips the probe. Every schema module imports this file first.
z.config({ jitless: true })
