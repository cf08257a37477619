import type { TestProject } from 'vitest/node'
import { prepareTemplates } from './test-database.js'
import { encodeDemoImages } from './demo-image-cache.js'

// Migrate once per run; every test file then gets a copy (STYLE: a fresh database per test file).
// The demo seed's images are encoded once per run too (decision 132; vitest.config.ts names the folder).
export default async function setup(project: TestProject) {
  const [templates] = await Promise.all([
    prepareTemplates(),
    process.env.IMAGE_CACHE_DIR ? encodeDemoImages(process.env.IMAGE_CACHE_DIR) : null,
  ])
  project.provide('pgliteTemplate', templates.pgliteTemplate)
  project.provide('postgresTemplate', templates.postgresTemplate)
  return templates.teardown
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string | null
  }
}
