import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { IMAGE_CACHE_DIR } from './tests/support/image-cache-dir.js'

// Every server of the run (in process, child processes) keeps encoded images here (decision 132).
process.env.IMAGE_CACHE_DIR ??= IMAGE_CACHE_DIR

// The API suite runs on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB_KIND: 'postgres' },
        },
      },
    ]
  : []

export default defineConfig({
  test: {
    // At least two files at a time: much of the suite waits on sockets and child servers, so on
    // a 2-core machine (where the default is one) the suite took 17 minutes, and 9 with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module graph: each file imported the whole
    // server afresh (325 s of the run's 990, decision 160). No test changes process.env or mocks a
    // module, and each file builds and closes its own servers, so files share nothing else.
    isolate: false,
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...postgres,
    ],
  },
})
