import type { TestProject } from 'vitest/node'
import { prepareTemplates } from './test-database.js'

// Migrate once per run; every test file then gets a copy (STYLE: a fresh database per test file).
export default async function setup(project: TestProject) {
  const templates = await prepareTemplates()
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
