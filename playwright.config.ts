import { defineConfig } from '@playwright/test'

// One base port per run (the workers and the web servers inherit it), so parallel runs do not collide.
process.env.E2E_PORT ??= String(3320 + (process.pid % 400))
const { E2E_PORT, E2E_SERVERS, SERVER_SPACING } = await import('./tests/e2e/support/e2e-env.js')
// The end-to-end server's demo seed reads the images the vitest run encoded (decision 132).
const { IMAGE_CACHE_DIR } = await import('./tests/support/image-cache-dir.js')
process.env.IMAGE_CACHE_DIR ??= IMAGE_CACHE_DIR

// Debian's Chromium (never a downloaded browser); flags that work as root on these machines.
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: `test-results/${process.env.E2E_PORT}`,
  // Two files at a time, each worker on its own server (a file's tests run in order, on one).
  workers: E2E_SERVERS,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  // A server for each worker, each with its own database and mailbox: a file's tests share one.
  webServer: Array.from({ length: E2E_SERVERS }, (_, index) => {
    const port = Number(process.env.E2E_PORT) + SERVER_SPACING * index
    return {
      command: 'node --import tsx tests/e2e/support/e2e-server.ts',
      env: { E2E_PORT: String(port) },
      url: `http://127.0.0.1:${port}/healthz`,
      // A new embedded database plus the demo seed: ~30 s idle, minutes on a loaded machine.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    }
  }),
})
