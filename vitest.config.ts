import { defineConfig } from 'vitest/config'

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
